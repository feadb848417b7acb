// ESLint flat config: `npm run lint` (and `npm test`, which fails on any lint error or warning).
// typescript-eslint's recommended rules without type information (the type checks are tsc's job and a
// type-aware lint would parse the whole program a second time), React hooks and accessibility rules
// for the web app, and the house rules of src/views: no inline styles, no API modules.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';

// The service's domains: every folder of server/ with a manifest (server/domains.ts lists each once,
// and tests/unit/platform/domains.test.ts fails when a manifest is not listed). The boundaries below
// are generated from them, so a new domain is fenced the moment its folder exists.
const serverDir = new URL('./server/', import.meta.url);
const SERVER_DOMAINS = fs
  .readdirSync(serverDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(new URL(`${e.name}/manifest.ts`, serverDir)))
  .map((e) => e.name)
  .sort();
/** An import of `domains`' folders from a file below server/<something>/ (any depth). */
const intoDomain = (domains) => `^(\\.\\./)+(${domains.join('|')})/`;

// The app's domains: every folder of src/services with a manifest (src/services/domains.ts lists each
// once, and tests/unit/platform/lists.test.ts fails when a manifest is not listed). The client's
// boundaries below are generated from them, as the service's are from server/.
const servicesDir = new URL('./src/services/', import.meta.url);
const CLIENT_DOMAINS = fs
  .readdirSync(servicesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(new URL(`${e.name}/manifest.ts`, servicesDir)))
  .map((e) => e.name)
  .sort();
const CLIENT_LAYERS = ['services', 'machines', 'views'];
/**
 * An import of `domains`' folders in `layers` (`../../services/wallet/`), or, with `sameLayer`, in the
 * importing file's own layer too (`../wallet/`), from any depth below src/<layer>/.
 */
const intoClientDomain = (domains, layers, sameLayer) =>
  `^(\\.\\./)+(${layers.join('|')})${sameLayer ? '?' : ''}/?(${domains.join('|')})/`;
/**
 * The client's platform files that still import a domain (tests/unit/platform/shape.test.ts counts
 * them; the number only goes down): the app-wide actors, the shells' badge and content lists, the
 * shared sign-in fields and candle chart, the operator pieces, the settings screen. Every other
 * platform file is fenced.
 */
const CLIENT_PLATFORM_CROSSINGS_LEFT = [
  'src/machines/platform/recordStatus.ts',
  'src/services/platform/appActors.ts',
  'src/views/platform/app/hooks.ts',
  'src/views/platform/components/AuthFields.tsx',
  'src/views/platform/components/CandleChart.tsx',
  'src/views/platform/operator/queue.tsx',
  'src/views/platform/operator/review.tsx',
  'src/views/platform/settings/SettingsScreen.tsx',
  'src/views/platform/shell/Desktop.tsx',
  'src/views/platform/shell/Mobile.tsx',
  'src/views/platform/shell/useChrome.ts',
];

// An API module is what talks to the service (services/platform/api.ts, services/<domain>/api.ts, services/wallet/protectionApi.ts...). Views send
// events to machines and read queries; only the composition root (src/views/platform/app) wires the API in.
const apiModules = {
  group: ['**/services/*/*Api.ts', '**/services/*/api.ts'],
  message: 'Views and machines do not call the API: the composition root (src/views/platform/app) provides it.',
};

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'node_modules/',
    'tests/browser/screenshots/',
    'coverage/',
    // openapi-typescript's output (npm run api:types), compared with the served document by its test
    'tests/server/platform/api.generated.ts',
  ]),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter or binding that is deliberately unused (callback signatures, rest omission)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },

  // Where the code runs decides which globals exist (the same split as the TypeScript projects).
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'bench/**', 'scripts/**', 'examples/**', 'tests/**', '*.{js,ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // browser tests hand callbacks to page.evaluate, which run in the page
    files: ['tests/browser/**', 'tests/model/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // React: the web app's components and hooks.
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // a missing dependency is a stale-closure bug, not a style matter
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/views/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },

  // House rules for views.
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message:
            'No inline styles: use the CSS module of the component or screen, with tokens from src/views/platform/styles/tokens.css.',
        },
      ],
      'no-restricted-imports': ['error', { patterns: [apiModules] }],
    },
  },
  {
    // the composition root is where the API modules are handed to the machines and queries
    files: ['src/views/platform/app/**'],
    rules: { 'no-restricted-imports': 'off' },
  },

  // Shared code (checked under both TypeScript projects): no Node modules, no API modules.
  {
    files: ['src/contract/**', 'src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            apiModules,
            {
              group: ['node:*'],
              message: 'src/contract and src/machines run in the browser and on the server: no Node modules.',
            },
            { group: ['**/views/**', 'react', 'react-dom'], message: 'Machines and contract know nothing of the views.' },
          ],
        },
      ],
    },
  },

  // Shared infrastructure (server/platform: db, http, bus, realtime, mail, audit, ledger, jobs, blobs, the
  // clock...) is imported by the domains and never imports them (docs/design.md, "Rooms").
  {
    files: ['server/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoDomain(SERVER_DOMAINS),
              message:
                'server/platform is shared infrastructure: it may not import a domain (move what it needs into server/platform).',
            },
          ],
        },
      ],
    },
  },

  // A domain reaches another only through its door (server/<domain>/index.ts), and never its tables.
  ...SERVER_DOMAINS.map((domain) => ({
    files: [`server/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${intoDomain(SERVER_DOMAINS.filter((d) => d !== domain))}(?!index\\.ts$)`,
              message: `server/${domain} may use another domain only through its door, server/<domain>/index.ts (its tables never).`,
            },
          ],
        },
      ],
    },
  })),

  // The client's domains: a file of src/<layer>/<domain>/ reaches another domain's services and
  // machines only through that layer's door (src/services/<d>/index.ts, src/machines/<d>/index.ts).
  // A view composing another domain's view or style is not fenced yet (shape.test.ts counts those).
  ...CLIENT_LAYERS.flatMap((layer) =>
    CLIENT_DOMAINS.map((domain) => {
      const others = CLIENT_DOMAINS.filter((d) => d !== domain);
      const fenced = layer === 'views' ? ['services', 'machines'] : CLIENT_LAYERS;
      return {
        files: [`src/${layer}/${domain}/**/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                // views and machines keep their house rules (above): no API modules
                ...(layer === 'services' ? [] : [apiModules]),
                ...(layer === 'machines'
                  ? [
                      { group: ['node:*'], message: 'src/machines runs in the browser and on the server: no Node modules.' },
                      { group: ['**/views/**', 'react', 'react-dom'], message: 'Machines know nothing of the views.' },
                    ]
                  : []),
                {
                  regex: `${intoClientDomain(others, fenced, layer !== 'views')}(?!index\\.ts$)`,
                  message: `src/${layer}/${domain} may use another domain only through its door (src/<layer>/<domain>/index.ts).`,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
  // The client's platform (src/*/platform) is shared: it imports no domain; what it needs of them the
  // composition level hands it (src/views/App.tsx, from src/services/domains.ts).
  {
    files: ['src/services/platform/**/*.{ts,tsx}', 'src/machines/platform/**/*.{ts,tsx}', 'src/views/platform/**/*.{ts,tsx}'],
    ignores: CLIENT_PLATFORM_CROSSINGS_LEFT,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoClientDomain(CLIENT_DOMAINS, CLIENT_LAYERS, true),
              message: 'The client platform is shared: it may not import a domain (take it by injection from src/views/App.tsx).',
            },
          ],
        },
      ],
    },
  },

  // One platform clock (server/platform/clock.ts): the service reads the time only through it, so a
  // test that pins or moves config.clock moves it for every domain at once (docs/design.md).
  {
    files: ['server/**/*.ts'],
    ignores: ['server/platform/clock.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Read the platform clock (app.clock.now(), or the `now` a service was given): server/platform/clock.ts.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the platform clock (app.clock.date(), or new Date(now) with the clock's now): server/platform/clock.ts.",
        },
      ],
    },
  },

  // Functions stay short enough to read in one screen (docs/design.md: functions under ~80 lines):
  // a longer one is split by meaning into named helpers, hooks or sub-components.
  {
    files: ['server/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js,mjs}'],
    ignores: ['server/platform/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Not split yet (issue 38): each file leaves this list when its long functions are split, and none
    // joins it. DepositPanel.tsx is being rewritten with the chain deposits.
    files: [
      'server/legacyFiles.ts',
      'server/loans/repay.ts',
      'server/loans/settle.ts',
      'server/loans/submit.ts',
      'server/market/feed/engine.ts',
      'server/market/socket/ws.ts',
      'server/platform/jobs/election.ts',
      'server/platform/jobs/scheduler.ts',
      'server/proof/snapshot.ts',
      'server/smart/plans.ts',
      'server/trading/settle.ts',
      'server/wallet/withdrawals.ts',
      'src/machines/platform/submission.ts',
      'src/views/admin/Flows.tsx',
      'src/views/alerts/AlertsPanel.tsx',
      'src/views/auth/Invite.tsx',
      'src/views/auth/Login.tsx',
      'src/views/auth/Profile.tsx',
      'src/views/auth/Register.tsx',
      'src/views/auth/TwoFactorSection.tsx',
      'src/views/kyc/KycForm.tsx',
      'src/views/kyc/steps.tsx',
      'src/views/loans/Calculator.tsx',
      'src/views/loans/MyLoans.tsx',
      'src/views/loans/RepayDialog.tsx',
      'src/views/loans/SignForm.tsx',
      'src/views/market/Market.tsx',
      'src/views/nfts/Donations.tsx',
      'src/views/nfts/NftConsole.tsx',
      'src/views/nfts/NftDetail.tsx',
      'src/views/nfts/OrderPanel.tsx',
      'src/views/platform/components/CandleChart.tsx',
      'src/views/platform/components/MarketList.tsx',
      'src/views/platform/components/SignaturePad.tsx',
      'src/views/platform/operator/review.tsx',
      'src/views/platform/shell/Desktop.tsx',
      'src/views/proof/ProofPage.tsx',
      'src/views/smart/BuyForm.tsx',
      'src/views/smart/MyPlans.tsx',
      'src/views/smart/ReservePanel.tsx',
      'src/views/smart/SmartProductsEditor.tsx',
      'src/views/support/SupportConsole.tsx',
      'src/views/support/Thread.tsx',
      'src/views/trading/ChartPanel.tsx',
      'src/views/trading/ConfirmDialog.tsx',
      'src/views/trading/Exposure.tsx',
      'src/views/trading/OrderScreen.tsx',
      'src/views/trading/PendingOrders.tsx',
      'src/views/trading/PendingTicket.tsx',
      'src/views/trading/Positions.tsx',
      'src/views/trading/StopsEditor.tsx',
      'src/views/wallet/Addresses.tsx',
      'src/views/wallet/DepositPanel.tsx',
      'src/views/wallet/WithdrawPanel.tsx',
      'src/views/wallet/WithdrawalsQueue.tsx',
    ],
    rules: { 'max-lines-per-function': 'off' },
  },
]);

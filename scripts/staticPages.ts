import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rolldown } from 'vite';
import { LANGUAGES, directionOf, htmlLangOf } from '../src/i18n/languages.ts';
import { MOBILE_UA } from '../src/services/platform/device.ts';
import { ASSETS } from '../src/contract/constants.ts';
import { INSTRUMENT_TYPES } from '../src/contract/market.ts';
import { SEPARATORS } from '../src/i18n/format.ts';
import {
  AccountIcon,
  BackIcon,
  BellIcon,
  BrandMark,
  GlobeIcon,
  HomeIcon,
  LoanIcon,
  MarketIcon,
  NftIcon,
  SearchIcon,
  ServiceIcon,
  StarIcon,
  TradingIcon,
} from '../src/views/platform/components/Icons.tsx';
import { classesOf, escapeHtml, type ClassMaps } from './staticHero.ts';
import { readLocale } from './locales.ts';

/**
 * The phone's first frame of `/market`, `/cruuency` and `/profile/balance`, painted by the HTML
 * before any JavaScript (issue 26 item 5, docs/performance.md "Screens painted before the
 * JavaScript"). Every screen but the home page is a lazy chunk: a first visit waited for the entry,
 * then the screen's chunk, then its data, before anything but the shell was drawn, and the screen's
 * largest paint (the market's heading, the balance's demo notice) came about 3 s into a simulated
 * phone load.
 *
 * The build writes, per path, a copy of index.html (`dist/paths/<path>.html`, served for that path by
 * server/platform/http/frontEnd.ts; `/` keeps index.html and its static hero) whose body starts with a static
 * copy of the phone shell and of what React's first render of that screen draws: the same elements
 * with the class names the built CSS modules gave the components, the same icons (rendered from
 * the components here), labels in the visitor's language and no figure made up: tables keep their
 * rows' labels with empty cells, as React's own placeholders do, and the one page that shows
 * figures, the instrument's, shows those the server writes into it from the feed (`slot`), with
 * their moment and source. A small inline script (allowed by the Content-Security-Policy by its
 * hash, like the hero's) picks the language the app will, sets the texts, keeps the signed-in or
 * signed-out and the demo or real variant, hides #root and shows the copy; on another shell or
 * without a session where one is needed it removes the copy. The copy stays until React has drawn
 * the screen itself (not the shell with its "loading" fallback while the screen's chunk arrives,
 * nor a screen whose first part is still loading): a MutationObserver on #root then removes it and
 * shows #root in the same task, before the next paint, so the screen is never blank and nothing moves.
 */

type Lookup = (file: string, ...names: string[]) => string;
/** One text of the copy: a key of app.json (`a.b.c`) or of another namespace (`errors:10033`). */
type Key = string;

interface PageSpec {
  /** the app path the page is served for */
  path: string;
  /** a session is needed (a signed-out visitor sees the login prompt: no copy) */
  signedIn: boolean;
  /** the screen inside the shell's <main> */
  screen: (h: Helpers) => string;
  /**
   * ES5 run after the texts are set (in its own scope, with `r` the copy, `t` the language's texts,
   * `c` their count and `x(selector)` removing elements): what the page does with the data the
   * server wrote into it (server/platform/http/frontEnd.ts, `frames`).
   */
  script?: (h: Helpers) => string;
}

interface Helpers {
  cls: Lookup;
  /** attributes and English text of the element that shows `key` in the visitor's language */
  tx: (key: Key) => string;
  /** a placeholder attribute in the visitor's language */
  ph: (key: Key) => string;
}

const SHELL = 'src/views/platform/shell/shell.module.css';
const SCREENS = 'src/views/platform/styles/screens.module.css';
const HEADINGS = 'src/views/platform/components/headings.module.css';
const UI = 'src/views/platform/components/ui.module.css';
const WALLET = 'src/views/platform/styles/money.module.css';
const SCROLL_TABS = 'src/views/platform/components/ScrollTabs.module.css';
const MARKET = 'src/views/platform/components/market.module.css';

/**
 * Where the server writes a page's data (server/platform/http/frontEnd.ts fills `\uE001name\uE001` with the
 * escaped value of the page's frame, or with nothing).
 */
export const slot = (name: string): string => `\uE001${name}\uE001`;

const icon = (C: ComponentType<SVGProps<SVGSVGElement>>, p: SVGProps<SVGSVGElement> = {}) =>
  renderToStaticMarkup(createElement(C, p));

/** What React's "loading" looks like inside a screen (src/views/platform/components/Loadable.tsx). */
const loading = ({ cls, tx }: Helpers) => `<div class="${cls(UI, 'state')}" aria-busy="true" ${tx('common.loading')}</div>`;

/**
 * The tab bar's destinations as the domains' manifests declare them (src/services/domains.ts,
 * DESTINATIONS). A copy, because this runs in the build's configuration, which bundles every module
 * it imports and so cannot import the manifests (they load the screens, and the screens their
 * styles); tests/unit/platform/lists.test.ts fails, naming the destination, when they differ.
 */
export const STATIC_DESTINATIONS: ReadonlyArray<{
  to: string;
  key: string;
  tab?: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}> = [
  { to: '/', key: 'nav.home', Icon: HomeIcon },
  { to: '/market', key: 'nav.market', Icon: MarketIcon },
  { to: '/trading', key: 'nav.trading', tab: 'newuser.tabTrading', Icon: TradingIcon },
  { to: '/loan', key: 'nav.loan', Icon: LoanIcon },
  { to: '/nfts', key: 'nav.nfts', Icon: NftIcon },
  { to: '/profile', key: 'nav.account', Icon: AccountIcon },
];

/** MobileShell's top bar, main and tab bar (src/views/platform/shell/Mobile.tsx), around the screen. */
function shell(h: Helpers, p: string, screen: string): string {
  const { cls, tx } = h;
  const isRoot = STATIC_DESTINATIONS.some((d) => d.to === p);
  const active = (to: string) => (to === '/' ? p === '/' : p === to || p.startsWith(`${to}/`));
  return (
    `<div class="${cls(SHELL, 'page')}">` +
    `<header class="${cls(SHELL, 'mTopBar')}">` +
    (isRoot ? '' : `<button type="button" class="${cls(SHELL, 'iconButton')}">${icon(BackIcon)}</button>`) +
    `<a href="/" class="${cls(SHELL, 'brand')}" ${tx('brandShort').replace('>', `>${icon(BrandMark)}`)}</a>` +
    `<div class="${cls(SHELL, 'tools')}"><button type="button" class="${cls(SHELL, 'iconButton')}">${icon(GlobeIcon)}</button>` +
    `<a href="/profile/notification" class="${cls(SHELL, 'iconButton')}" data-in>${icon(BellIcon)}</a>` +
    `<button type="button" class="${cls(SHELL, 'iconButton')}">${icon(ServiceIcon)}</button>` +
    `<a href="/pass/login" class="${cls(SHELL, 'primary')}" data-out ${tx('nav.login')}</a></div></header>` +
    `<main class="${cls(SHELL, 'main', 'mobileMain', 'withTabs')}">${screen}</main>` +
    `<nav class="${cls(SHELL, 'tabBar')}">` +
    STATIC_DESTINATIONS.map(
      ({ to, key, tab, Icon }) =>
        `<a href="${to}" class="${cls(SHELL, 'tabItem')}"${active(to) ? ' aria-current="page"' : ''}>${icon(Icon)}<span ${tx(tab ?? key)}</span></a>`,
    ).join('') +
    '</nav></div>'
  );
}

/** Market.tsx before its list arrives: heading, search, the type tabs (the watchlist first when signed in), loading. */
const market = (h: Helpers) => {
  const { cls, tx, ph } = h;
  const tabs = ['watchlist', ...INSTRUMENT_TYPES]
    .map(
      (k) =>
        `<button type="button" role="tab" aria-selected="${k === 'crypto'}"${k === 'watchlist' ? ' data-in' : ''} ${tx(k === 'watchlist' ? 'market.watchlist' : `market.types.${k}`)}</button>`,
    )
    .join('');
  return (
    `<div class="${cls(SCREENS, 'stack')}"><section class="${cls(SCREENS, 'card')}"><div class="${cls(SCREENS, 'cardHead')}">` +
    `<h1 class="${cls(HEADINGS, 'barTitle')}" ${tx('market.title')}</h1>` +
    `<label class="${cls(SCREENS, 'search')}">${icon(SearchIcon, { width: 18, height: 18 })}<span class="visually-hidden" ${tx('market.search')}</span>` +
    `<input type="search" ${ph('market.searchPlaceholder')} maxlength="40" tabindex="-1"></label></div>` +
    `<div class="${cls(SCROLL_TABS, 'scroller')}" data-more-start="false" data-more-end="false">` +
    `<button type="button" class="${cls(SCROLL_TABS, 'arrowStart')}" hidden></button>` +
    `<div class="${cls(SCROLL_TABS, 'tabs')}" role="tablist">${tabs}</div>` +
    `<button type="button" class="${cls(SCROLL_TABS, 'arrowEnd')}" hidden></button></div>` +
    `<div role="tabpanel">${loading(h)}</div></section></div>`
  );
};

/**
 * Currency.tsx's instrument card (InstrumentHead) as the feed last priced it when the page was
 * asked for: the server writes the instrument's figures into `data-quote` (server/market/pageFrame.ts,
 * the same lookup and figures as findMarket), and the script below draws them in the visitor's
 * language, with the moment of that price under it ("Last price at 14:05:03", as React's card says
 * until the feed sends its own) and the "simulated" badge when the feed is the simulator. Without
 * data (no such instrument, or no server to write it) the card goes and the loading state stays,
 * as React draws it while it looks the instrument up.
 */
const currency = (h: Helpers) => {
  const { cls, tx } = h;
  const stat = (name: string) => `<div><dt ${tx(`detail.${name}`)}</dt><dd class="num" data-q="${name}"></dd></div>`;
  return (
    `<div class="${cls(SCREENS, 'stack')}"><section class="${cls(SCREENS, 'card')}" data-quote="${slot('quote')}">` +
    // the logo's place, empty: a picture is one more request while the first paint is made (the app draws it)
    `<div class="${cls(SCREENS, 'priceHead')}"><img alt="" width="40" height="40">` +
    `<div><h1 class="${cls(HEADINGS, 'barTitle')}" data-q="name"></h1><span class="${cls(SCREENS, 'muted')} num" data-q="code"></span></div>` +
    `<span class="${cls(SCREENS, 'bigPrice')} num" data-q="price"></span>` +
    `<span class="num ${cls(UI, 'change', 'up')}" data-q="change"></span>` +
    `<span class="${cls(UI, 'badge')}" data-sim ${tx('feed.simulated')}</span>` +
    `<button type="button" class="${cls(MARKET, 'star')}" aria-pressed="false">${icon(StarIcon, { width: 22, height: 22 })}</button>` +
    `<span class="${cls(SCREENS, 'muted')}" data-stale ${tx('market.stale')}</span><span class="${cls(SCREENS, 'muted')}" data-closed ${tx('market.closed')}</span></div>` +
    `<p class="${cls(SCREENS, 'priceTime')}"><span class="${cls(UI, 'status')}" role="status" data-state="connecting"><span class="${cls(UI, 'dot')}" data-state="connecting" aria-hidden="true"></span><span ${tx('feed.connecting')}</span></span>` +
    `<span class="num" data-q="time" ${tx('detail.lastPriceAt')}</span></p>` +
    `<dl class="${cls(SCREENS, 'stats')}">${['high', 'low', 'volume', 'open'].map(stat).join('')}</dl></section>` +
    `<div data-noquote>${loading(h)}</div></div>`
  );
};

/**
 * The figures of `data-quote` drawn as Currency.tsx draws them (Figures.tsx: formatDecimal, Change;
 * src/i18n/format.ts: formatClockTime), with the language's separators (the texts' last four: group,
 * decimal mark, lang, dir).
 */
const currencyScript = ({ cls }: Helpers) => `var q=r.querySelector('[data-quote]'),v=null,e,u,w,z,k,d,S=t[c-4],D=t[c-3];
try{v=JSON.parse(q.getAttribute('data-quote'))}catch(_){}
if(!v||typeof v.price!=='string'){q.parentNode.removeChild(q);return;}
x('[data-noquote]');
function F(s,m){var n=/^[-\u2212]/.test(s),p=s.replace(/^[-\u2212+]/,'').split('.'),i=p[0]||'0',f=p[1]||'';if(m!==undefined)f=f.slice(0,m);
return(n&&/[1-9]/.test(i+f)?'\u2212':'')+i.replace(/\\B(?=(\\d{3})+(?!\\d))/g,S)+(f?D+f:'');}
function P(n,s){var e=q.querySelector('[data-q="'+n+'"]');e.textContent=s;return e;}
function Z(n){return(n<10?'0':'')+n;}
P('name',v.name);P('code',v.code);P('price',F(v.price));
u=v.pct>=0;e=P('change',(u?'+':'\u2212')+F(Math.abs(v.pct).toFixed(2))+'%');if(!u)e.className=e.className.replace(${JSON.stringify(cls(UI, 'up'))},${JSON.stringify(cls(UI, 'down'))});
P('high',F(v.high));P('low',F(v.low));P('volume',F(v.volume,2));P('open',F(v.open));
if(v.source!=='simulated')x('[data-sim]');x(v.tradable?'[data-stale],[data-closed]':v.marketOpen?'[data-closed]':'[data-stale]');
d=new Date(v.time);w=new Date();k=Z(d.getHours())+':'+Z(d.getMinutes());
if(d.getFullYear()!==w.getFullYear()||d.getMonth()!==w.getMonth()||d.getDate()!==w.getDate())k=d.getFullYear()+'-'+Z(d.getMonth()+1)+'-'+Z(d.getDate())+' '+k;
e=q.querySelector('[data-q="time"]');e.textContent=e.textContent.replace('{{time}}',k+':'+Z(d.getSeconds()));`;

/**
 * Balance.tsx before the balances arrive: the title with the book, the table with the assets' names
 * and empty figures (its own placeholder), and in the demo book the demo notice and its buttons.
 */
const balance = (h: Helpers) => {
  const { cls, tx } = h;
  const empty = '\u00a0';
  const th = (key: Key, small = false) => `<th${small ? ` class="${cls(WALLET, 'hideSmall')}"` : ''} ${tx(key)}</th>`;
  const rows = ASSETS.map(
    (a) =>
      `<tr><th scope="row">${a}</th><td class="num">${empty}</td><td class="num">${empty}</td>` +
      `<td class="num ${cls(WALLET, 'hideSmall')}">${empty}</td><td class="num ${cls(WALLET, 'hideSmall')}">${empty}</td></tr>`,
  ).join('');
  return (
    `<div class="${cls(SCREENS, 'stack')}"><section class="${cls(SCREENS, 'card')}"><div class="${cls(SCREENS, 'cardHead')}">` +
    `<h1 class="${cls(HEADINGS, 'barTitle')}"><span ${tx('account.balance')}</span> · <span data-demo ${tx('session.demo')}</span><span data-real ${tx('session.real')}</span></h1>` +
    `<strong class="num"></strong></div>` +
    `<div aria-busy="true"><div class="${cls(WALLET, 'tableWrap')}"><table class="${cls(SCREENS, 'dataTable')}"><thead><tr>` +
    th('account.asset') +
    th('account.available') +
    th('wallet.onHold') +
    th('account.total', true) +
    th('account.valueUsdt', true) +
    `</tr></thead><tbody>${rows}</tbody></table></div></div></section>` +
    `<section class="${cls(WALLET, 'notice')}" data-demo><p ${tx('errors:10033')}</p><div class="${cls(WALLET, 'actions')}">` +
    `<button type="button" class="${cls(WALLET, 'secondary')}" ${tx('wallet.switchReal')}</button>` +
    `<button type="button" class="${cls(WALLET, 'secondary')}" ${tx('wallet.demoReset')}</button></div></section></div>`
  );
};

const PAGES: readonly PageSpec[] = [
  { path: '/market', signedIn: false, screen: market },
  { path: '/cruuency', signedIn: false, screen: currency, script: currencyScript },
  { path: '/profile/balance', signedIn: true, screen: balance },
];

/** Where the page of `p` is written in the build, and read by the server (server/platform/http/indexPage.ts). */
export const pageFileOf = (p: string): string => `paths${p}.html`;

/** The texts of `keys` per language, then the digit group separator and decimal mark, <html lang> and dir. */
function textsOf(root: string, keys: readonly Key[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const lng of LANGUAGES) {
    const files = new Map<string, unknown>();
    const ns = (name: string) => {
      if (!files.has(name)) files.set(name, readLocale(lng, name, root));
      return files.get(name);
    };
    out[lng] = keys.map((key) => {
      const [name, rest] = key.includes(':') ? key.split(':') : ['app', key];
      // errors.json keys are codes (no nesting); app.json's are dotted paths
      const v =
        name === 'app'
          ? rest.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ns(name))
          : (ns(name) as Record<string, unknown>)[rest];
      if (typeof v !== 'string') throw new Error(`static pages: ${lng} ${key} is missing`);
      return v;
    });
    out[lng].push(SEPARATORS[lng].group, SEPARATORS[lng].decimal, htmlLangOf(lng), directionOf(lng));
  }
  return out;
}

/** ES5 on purpose, as the hero's: it runs before everything else on the oldest phones too. */
function scriptOf(p: string, signedIn: boolean, texts: Record<string, string[]>, extra: string): string {
  // "</" escaped: the script is inline, and a text must not be able to close its <script> element
  return `(function(){var T=${JSON.stringify(texts).replace(/<\//g, '<\\/')},d=document,r=d.querySelector('[data-static-page]'),o=d.getElementById('root'),i,s;if(!r||!o)return;
function g(k){try{return JSON.parse(localStorage.getItem(k))}catch(e){return null}}
function x(q){var e=r.querySelectorAll(q);for(var j=0;j<e.length;j++)e[j].parentNode.removeChild(e[j]);}
var k=g('token'),n=typeof k==='string'&&k.length>0&&g('isLogin')===true;
if(location.pathname!==${JSON.stringify(p)}||!${MOBILE_UA.toString()}.test(navigator.userAgent)||${signedIn ? '!n||' : ''}!window.MutationObserver){r.parentNode.removeChild(r);return;}
var l=g('language');if(typeof l!=='string'||!Object.prototype.hasOwnProperty.call(T,l))l='en';
var t=T[l],c=t.length;s=r.querySelectorAll('[data-t]');for(i=0;i<s.length;i++){k=s[i].lastChild;if(k&&k.nodeType===3)k.nodeValue=t[+s[i].getAttribute('data-t')];}
s=r.querySelectorAll('[data-tp]');for(i=0;i<s.length;i++)s[i].setAttribute('placeholder',t[+s[i].getAttribute('data-tp')]);
x(n?'[data-out]':'[data-in]');x(g('virtualStatus')===0?'[data-demo]':'[data-real]');${extra ? `\n(function(){${extra}})();` : ''}
d.documentElement.lang=t[c-2];d.documentElement.dir=t[c-1];o.hidden=true;r.setAttribute('data-ready','');
new MutationObserver(function(m,b){var e=o.querySelector('#main'),f=e&&e.firstElementChild,h=f&&f.firstElementChild;if(f&&!f.hasAttribute('aria-busy')&&!(h&&h.hasAttribute('aria-busy'))){b.disconnect();if(r.parentNode)r.parentNode.removeChild(r);o.hidden=false;}}).observe(o,{childList:true,subtree:true});})();
`;
}

/**
 * The page of one path: index.html (without the home page's hero) with the copy and its script,
 * and the CSS module files whose classes the copy uses.
 */
function pageOf(html: string, spec: PageSpec, maps: ClassMaps, root: string): Page {
  const cssModules = new Set<string>();
  const classes = new Set<string>();
  const lookup = classesOf(maps);
  const keys: Key[] = [];
  const index = (key: Key) => {
    const at = keys.indexOf(key);
    return at >= 0 ? at : keys.push(key) - 1;
  };
  const h: Helpers = {
    cls: (file, ...names) => {
      cssModules.add(file);
      const c = lookup(file, ...names);
      for (const n of c.split(' ')) classes.add(n);
      return c;
    },
    tx: (key) => {
      const i = index(key);
      return `data-t="${i}">\uE000${i}\uE000`;
    },
    ph: (key) => {
      const i = index(key);
      return `data-tp="${i}" placeholder="\uE000${i}\uE000"`;
    },
  };
  const markup = shell(h, spec.path, spec.screen(h));
  const texts = textsOf(root, keys);
  // English until the script has run (and for a browser that runs no script: the copy stays hidden)
  const filled = markup.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => escapeHtml(texts.en[Number(i)]));
  const empty = '<div id="root"></div>';
  if (!html.includes(empty)) throw new Error('static pages: no empty #root in index.html');
  return {
    html: html.replace(
      empty,
      () =>
        `<div data-static-page>${filled}</div>${empty}<script>${scriptOf(spec.path, spec.signedIn, texts, spec.script?.(h) ?? '')}</script>`,
    ),
    cssModules,
    classes,
  };
}

interface Page {
  html: string;
  /** the CSS module files whose classes the copy uses */
  cssModules: Set<string>;
  /** the class names it uses */
  classes: Set<string>;
}

/**
 * The rules of a built (minified) stylesheet whose selectors name one of `classes`, inside the
 * @media or @supports blocks they are in; other at-rules are left out (the copy animates nothing).
 */
export function rulesNaming(css: string, classes: ReadonlySet<string>): string {
  const names = (sel: string) => [...classes].some((c) => new RegExp(`\\.${c}(?![\\w-])`).test(sel));
  let out = '';
  for (let i = 0; i < css.length;) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    for (; j < css.length && depth > 0; j++) depth += css[j] === '{' ? 1 : css[j] === '}' ? -1 : 0;
    // a statement before it (@charset, @import) ends with ";"
    const prelude = css.slice(i, open).split(';').pop()!.trim();
    const body = css.slice(open + 1, j - 1);
    if (/^@(media|supports)\b/.test(prelude)) {
      const inner = rulesNaming(body, classes);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@') && names(prelude)) out += `${prelude}{${body}}`;
    i = j;
  }
  return out;
}

/**
 * The CSS the copy needs besides what index.html links: a lazy screen's CSS modules are in its
 * chunk's stylesheet, which the app loads only with the chunk. Those of its rules that name a class
 * the copy uses go inline in the page (a few hundred bytes; a stylesheet request more before the
 * first paint would cost a round trip on a phone's line); the app loads the whole stylesheet with
 * the chunk as before, and the rules it repeats are the same.
 */
function inlineCssOf(bundle: Rolldown.OutputBundle, html: string, { cssModules, classes }: Page): string {
  const source = (file: string) => {
    const a = bundle[file];
    return a?.type === 'asset' ? String(a.source) : '';
  };
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => source(m[1])).join('');
  const missing = new Set([...classes].filter((c) => !linked.includes(`.${c}`)));
  const files = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.viteMetadata) continue;
    const ids = Object.keys(chunk.modules).map((id) => id.replace(/\\/g, '/'));
    if ([...cssModules].some((m) => ids.some((id) => id.endsWith(m))))
      for (const css of chunk.viteMetadata.importedCss) files.add(css);
  }
  const rules = [...files].map((f) => rulesNaming(source(f), missing)).join('');
  return rules ? `<style>${rules}</style>` : '';
}

/**
 * The `static-pages` plugin: takes index.html as the other plugins leave it (before the home
 * page's hero, which `staticHero` adds after it) and writes one page per path of PAGES.
 */
export function staticPages(maps: ClassMaps): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  const pages = new Map<string, Page>();
  return {
    name: 'static-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        for (const spec of PAGES) pages.set(spec.path, pageOf(html, spec, maps, root));
        return html;
      },
    },
    // before `precompress` (closeBundle), which makes their brotli and gzip copies
    writeBundle(_options, bundle) {
      for (const [p, page] of pages) {
        const file = path.join(outDir, pageFileOf(p));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(
          file,
          page.html.replace('</head>', () => `  ${inlineCssOf(bundle, page.html, page)}\n  </head>`),
        );
      }
    },
  };
}

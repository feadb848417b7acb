import type { Plugin } from 'vite';
import { LANGUAGES, directionOf, htmlLangOf } from '../src/i18n/languages.ts';
import { MOBILE_UA } from '../src/services/platform/device.ts';
import { readAppTexts } from './locales.ts';

/**
 * The home page's hero painted by the HTML itself, before any JavaScript (issue 13, docs/performance.md).
 *
 * On a phone the first render waited for ~140 kB gzip of JavaScript; the hero (the page's largest
 * paint) now comes with index.html: a static copy of the phone shell's top bar and of the hero, with
 * the class names the built CSS modules gave the React components (taken from the modules' class
 * maps, so the copy has exactly their layout), and a tiny script beside it. The script, on `/` in
 * the phone shell only, picks the language the app will pick (src/services/platform/settings.ts: the stored
 * `language`, else English), sets the texts, `lang` and `dir`, and shows the copy; anywhere else it
 * removes it. The copy is hidden until then (global.css), so no other language flashes; without
 * JavaScript a <noscript> style shows it in English. React's first render replaces #root's content
 * with the same boxes at the same places: nothing moves. The script is inline, so the first paint
 * waits for no request besides the stylesheet; the Content-Security-Policy allows it by its hash
 * (server/platform/http/indexPage.ts reads the built index.html at start), and no other inline script.
 */
export type ClassMaps = Map<string, Record<string, string>>;

const TEXT_KEYS = [
  ['home', 'heroTitle'],
  ['home', 'heroText'],
  ['home', 'start'],
  ['brand'],
  ['board', 'title'],
  ['board', 'text'],
  ['board', 'continue'],
  ['board', 'skip'],
] as const;
type Texts = string[];

/** Per language: the texts of TEXT_KEYS, then <html lang> and dir. */
function textsOf(root: string): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const lng of LANGUAGES) {
    const app = readAppTexts(lng, root);
    const pick = (keys: readonly string[]) => keys.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], app);
    const texts = TEXT_KEYS.map((k) => {
      const v = pick(k);
      if (typeof v !== 'string') throw new Error(`static hero: ${lng} ${k.join('.')} is missing`);
      return v;
    });
    out[lng] = [...texts, htmlLangOf(lng), directionOf(lng)];
  }
  return out;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as Record<string, string>)[c]};`);

/** ES5 on purpose: it runs before everything else on the oldest phones too. */
function scriptOf(texts: Record<string, Texts>): string {
  // "</" escaped: the script is inline, and a text must not be able to close its <script> element
  return `(function(){var T=${JSON.stringify(texts).replace(/<\//g, '<\\/')},d=document,r=d.querySelector('[data-static-hero]');if(!r)return;
if(location.pathname!=='/'||!${MOBILE_UA.toString()}.test(navigator.userAgent)){r.parentNode.removeChild(r);return;}
function g(k){try{return JSON.parse(localStorage.getItem(k))}catch(e){return null}}
var l=g('language');if(typeof l!=='string'||!Object.prototype.hasOwnProperty.call(T,l))l='en';
var t=T[l],n=t.length,s=r.querySelectorAll('[data-t]'),i,tok=g('token'),b;
for(i=0;i<s.length;i++)s[i].textContent=t[+s[i].getAttribute('data-t')];
if(typeof tok==='string'&&tok.length>0&&g('isLogin')===true)r.querySelector('[data-t="2"]').setAttribute('href','/market');
try{b=JSON.parse(sessionStorage.getItem('showBoard'))}catch(e){b=null}
if(b===false){b=r.querySelector('[data-static-board]');b.parentNode.removeChild(b);}
d.documentElement.lang=t[n-2];d.documentElement.dir=t[n-1];r.setAttribute('data-ready','');})();
`;
}

/** The class names the built CSS modules gave `names` in `file` (its class map), space separated. */
export function classesOf(maps: ClassMaps): (file: string, ...names: string[]) => string {
  return (file, ...names) => {
    const entry = [...maps].find(([f]) => f.replace(/\\/g, '/').endsWith(file));
    if (!entry) throw new Error(`static copy: no class map for ${file}`);
    return names
      .map((n) => {
        const c = entry[1][n];
        if (!c) throw new Error(`static copy: no class ${n} in ${file}`);
        return c;
      })
      .join(' ');
  };
}

function markupOf(maps: ClassMaps, texts: Record<string, Texts>, script: string): string {
  const cls = classesOf(maps);
  const shell = 'src/views/platform/shell/shell.module.css';
  const screens = 'src/views/platform/styles/screens.module.css';
  const home = 'src/views/content/Home.module.css';
  // each text element names its index in TEXT_KEYS; English until the script has run
  const tx = (i: number) => `data-t="${i}">${escapeHtml(texts.en[i])}`;
  // the same elements and classes as MobileShell > Home's hero (src/views/platform/shell/Mobile.tsx,
  // src/views/content/Home.tsx) and the welcome board a new session sees over it on a phone (the
  // page's largest paint then), shown unless dismissed in this session as the onboarding actor does
  return (
    `<div class="${cls(shell, 'page')}" data-static-hero>` +
    `<header class="${cls(shell, 'mTopBar')}"><a href="/" class="${cls(shell, 'brand')}" ${tx(3)}</a></header>` +
    `<main class="${cls(shell, 'main', 'mobileMain', 'withTabs')}"><div class="${cls(screens, 'stack')} ${cls(home, 'page')}">` +
    `<section class="${cls(screens, 'hero')}"><h1 ${tx(0)}</h1><p ${tx(1)}</p>` +
    `<div><a href="/pass/register" class="${cls(home, 'start')}" ${tx(2)}</a></div>` +
    `</section></div></main>` +
    `<div class="${cls(shell, 'board')}" data-static-board><p class="${cls(shell, 'boardBrand')}" ${tx(3)}</p>` +
    `<div class="${cls(shell, 'boardCard')}"><h2 ${tx(4)}</h2><p ${tx(5)}</p>` +
    `<button type="button" class="${cls(shell, 'primary')}" ${tx(6)}</button><button type="button" class="${cls(shell, 'ghostDark')}" ${tx(7)}</button>` +
    `</div></div></div><script>${script}</script>`
  );
}

export function staticHero(): { plugin: Plugin; getJSON: (file: string, json: Record<string, string>) => void; maps: ClassMaps } {
  const maps: ClassMaps = new Map();
  let root = process.cwd();
  const plugin: Plugin = {
    name: 'static-hero',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error('static hero: no empty #root in index.html');
        const texts = textsOf(root);
        return html
          .replace(empty, () => `<div id="root">${markupOf(maps, texts, scriptOf(texts))}</div>`)
          .replace(
            '</head>',
            '<noscript><style>[data-static-hero]{visibility:visible}[data-static-board]{display:none}</style></noscript>\n  </head>',
          );
      },
    },
  };
  return { plugin, getJSON: (file, json) => void maps.set(file, json), maps };
}

import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../server/content/markdown.ts';
import { PACKS } from '../../../server/content/data/index.ts';
import { FAQS, NOTICES, PAGES, TEXT_VARIABLES } from '../../../server/content/data/structure.ts';
import { LANGUAGES } from '../../../src/contract/constants.ts';

/** The body renderer is what makes content safe to insert as HTML: test it on hostile input. */
describe('content markdown renderer', () => {
  it('renders headings, lists, paragraphs, bold and links', () => {
    const html = renderMarkdown(
      'Intro line\nsecond line\n## Title\n- one\n- **two**\n\n1. first\n2. second\n\nSee [help](/help) and [site](https://example.org/a?b=1&c=2).',
    );
    expect(html).toBe(
      [
        '<p>Intro line<br>second line</p>',
        '<h2>Title</h2>',
        '<ul><li>one</li><li><strong>two</strong></li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
        '<p>See <a href="/help" rel="noopener noreferrer">help</a> and <a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">site</a>.</p>',
      ].join('\n'),
    );
  });

  it('never lets markup, scripts or unsafe links through', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '[x](data:text/html,<b>hi</b>)',
      '[x](//evil.example/)',
      '[x](http://plain.example/)',
      '[x](https://ok.example/"onmouseover="alert(1))',
      '"><svg onload=alert(1)>',
      "'; DROP TABLE content_items; --",
    ].join('\n\n');
    const html = renderMarkdown(hostile);
    expect(html).not.toMatch(/<(script|img|svg)/i);
    expect(html).not.toMatch(/href="(javascript|data|\/\/|http:)/i);
    expect(html).not.toMatch(/<a [^>]*onmouseover/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // the only tags left are the paragraphs around each (blank-line separated) attempt
    expect(new Set(html.match(/<\/?([a-z0-9]+)/gi)!.map((t) => t.replace(/[</]/g, '')))).toEqual(new Set(['p']));
  });

  it('fills {{variables}} escaped, leaves unknown ones empty, resolves page: links', () => {
    const html = renderMarkdown('Fee {{fee}} {{nope}} [risk](page:risk-warning) [gone](page:missing)', {
      vars: { fee: '<1%>' },
      pages: { 'risk-warning': '/detail?id=9&title=Risk "warning"' },
    });
    expect(html).toBe('<p>Fee &lt;1%&gt;  <a href="/detail?id=9&amp;title=Risk &quot;warning&quot;">risk</a> gone</p>');
  });
});

describe('seed texts', () => {
  const vars = new Set<string>(TEXT_VARIABLES);
  const slugs = new Set(PAGES.map((p) => p.slug));
  for (const lng of LANGUAGES) {
    it(`${lng}: every text is present, uses only known variables and page links, and differs from English`, () => {
      const pack = PACKS[lng];
      const texts = [
        ...PAGES.map((p) => [p.slug, pack.pages[p.slug].title, pack.pages[p.slug].body, PACKS.en.pages[p.slug].body] as const),
        ...FAQS.map((f) => [f.slug, pack.faq[f.slug].question, pack.faq[f.slug].answer, PACKS.en.faq[f.slug].answer] as const),
        ...NOTICES.map(
          (n) => [n.slug, pack.notices[n.slug].title, pack.notices[n.slug].body, PACKS.en.notices[n.slug].body] as const,
        ),
      ];
      for (const [slug, title, bodyText, enBody] of texts) {
        expect(title.trim(), slug).not.toBe('');
        expect(bodyText.trim().length, slug).toBeGreaterThan(40);
        for (const m of bodyText.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) expect(vars.has(m[1]), `${slug} {{${m[1]}}}`).toBe(true);
        for (const m of bodyText.matchAll(/\]\(page:([a-z0-9-]+)\)/g))
          expect(slugs.has(m[1] as never), `${slug} page:${m[1]}`).toBe(true);
        // the same variables as the English text, so no language states a different figure
        const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(names(bodyText), slug).toEqual(names(enBody));
        if (lng !== 'en') expect(bodyText, slug).not.toBe(enBody);
      }
    });
  }

  it('the risk warning and the prices texts say what they must, in English', () => {
    expect(PACKS.en.pages['risk-warning'].body).toMatch(/lose/);
    expect(PACKS.en.faq.prices.answer).toMatch(/simulator/);
    expect(PACKS.en.faq.prices.answer).toMatch(/labelled/);
  });
});

import { describe, expect, it } from 'vitest';
import { SUPPORT_SUBJECT_MAX } from '../../../src/contract/support.ts';
import { SUBJECT_CUT, subjectTitle } from '../../../src/views/support/subject.ts';

describe('support chat titles (issue 28, defect 11)', () => {
  it('cut where the service cuts the subject', () => {
    expect(SUBJECT_CUT).toBe(SUPPORT_SUBJECT_MAX);
  });
  it('end a cut subject at its last whole word, with "…"', () => {
    const first = 'Hello, my withdrawal of 250 USDT to my TRC20 address has been waiting since Monday morning without any news';
    expect(subjectTitle(first.slice(0, SUPPORT_SUBJECT_MAX))).toBe(
      'Hello, my withdrawal of 250 USDT to my TRC20 address has been waiting since…',
    );
    // cut right after a word, before its space: that word stays
    const spaced = `${'word '.repeat(16)}more`;
    expect(subjectTitle(spaced.slice(0, SUPPORT_SUBJECT_MAX))).toBe(`${'word '.repeat(15)}word…`);
  });
  it('keep a short subject as it is, and every character of one without spaces', () => {
    expect(subjectTitle('Where is my deposit?')).toBe('Where is my deposit?');
    const cjk = '入金が反映されません'.repeat(8);
    expect(subjectTitle(cjk)).toBe(`${cjk}…`);
  });
});

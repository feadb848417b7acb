/**
 * The service names a conversation after its first message, cut at SUPPORT_SUBJECT_MAX (80)
 * characters (src/contract/support.ts; not imported: that module would bring the TypeBox builder
 * into the chat's chunk, tests/unit/client/supportSubject.test.ts keeps the two equal).
 */
export const SUBJECT_CUT = 80;

/**
 * The title shown for a subject: one that reached the cut ends at its last whole word with "…",
 * instead of in the middle of a word ("…pending for thr"). Text without spaces (Chinese,
 * Japanese) keeps every character and gets the "…".
 */
export function subjectTitle(subject: string): string {
  if (subject.length < SUBJECT_CUT) return subject;
  const whole = subject.replace(/\s+\S*$/u, '');
  return `${(whole.length >= SUBJECT_CUT / 2 ? whole : subject).trimEnd()}…`;
}

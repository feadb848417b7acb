/**
 * Rows read as their text (issue 44 item 1). A read that goes to the database at every request
 * (a user's first read after their own write, or every read with the kept copy off) used to cost
 * the driver's and drizzle's mapping of each column, then the derivation of what the screen shows
 * (decimals formatted, figures valued) for rows that had not changed since the last request.
 * A statement that returns each row as one text (`json_build_array(...)::text`) lets the same text
 * give the same object: parsed once, and the memos keyed by object (the positions' views, the
 * books' summaries) hit again whoever read it and however. The objects are shared: callers never
 * change them.
 */
export class Interned<T extends object> {
  private readonly byText = new Map<string, T>();
  private readonly serials = new WeakMap<T, number>();
  private next = 0;

  constructor(
    private readonly parse: (text: string) => T,
    /** The most texts kept; the oldest seen goes first. */
    private readonly max = 20_000,
  ) {}

  /** The object for `text`, the same one as the last time this text was seen. */
  of(text: string): T {
    let v = this.byText.get(text);
    if (v === undefined) {
      v = this.parse(text);
      if (this.byText.size >= this.max) this.byText.delete(this.byText.keys().next().value as string);
      this.byText.set(text, v);
      this.serials.set(v, ++this.next);
    }
    return v;
  }

  /** A number of its own for each object made here (a short key for a list of them). */
  serial(v: T): number {
    return this.serials.get(v) ?? 0;
  }

  /** Texts held now (tests). */
  get size() {
    return this.byText.size;
  }
}

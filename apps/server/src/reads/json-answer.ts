/**
 * An answer already written as JSON, sent as it is: the hot reads of reads/ build their answers this
 * way, from parts cached as JSON or written by the database, because checking and serializing them
 * per request cost more than the rest of the request. It skips the contract's runtime check of the
 * answer (routes/register-call.ts), so it is made only from values of the contract's own types, and
 * the server's tests check every answer against its contract's schema (test/contract-answers.ts).
 */
export class JsonAnswer<T> {
  /** Only for the type: the answer this JSON stands for. */
  declare readonly answer?: T;

  /** The JSON as text, or as UTF-8 bytes. */
  private constructor(readonly json: string | Buffer) {}

  /** The answer serialized as it is. */
  static of<T>(answer: T): JsonAnswer<T> {
    return new JsonAnswer<T>(JSON.stringify(answer));
  }

  /**
   * An answer whose JSON is these parts one after the other (JSON text or UTF-8 bytes), copied once
   * into one buffer. The caller writes them from values of the answer's type.
   */
  static ofParts<T>(parts: readonly (string | Buffer)[]): JsonAnswer<T> {
    // Text alone stays text: joined once, encoded once on its way to the socket.
    if (parts.every((part) => typeof part === 'string')) return new JsonAnswer<T>(parts.join(''));
    let length = 0;
    for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    const json = Buffer.allocUnsafe(length);
    let at = 0;
    for (const part of parts) at += typeof part === 'string' ? json.write(part, at) : part.copy(json, at);
    return new JsonAnswer<T>(json);
  }
}

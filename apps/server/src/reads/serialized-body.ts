/**
 * A response body already serialized as JSON, sent as it is: the hot reads of reads/ build their
 * responses this way, from parts cached as JSON or written by the database, because checking and
 * serializing them per request cost more than the rest of the request. It skips the runtime check of
 * the contract's answer schema (routes/register-call.ts), so it is made only from values of the
 * contract's own types, and the server's tests check every response against that schema
 * (test/contract-answers.ts).
 */
export class SerializedBody<T> {
  /** Only for the type: the value this JSON stands for. */
  declare readonly value?: T;

  /** The JSON as text, or as UTF-8 bytes. */
  private constructor(readonly json: string | Buffer) {}

  /** The value serialized as it is. */
  static of<T>(value: T): SerializedBody<T> {
    return new SerializedBody<T>(JSON.stringify(value));
  }

  /**
   * A body whose JSON is these parts one after the other (JSON text or UTF-8 bytes), copied once into
   * one buffer. The caller writes them from values of the body's type.
   */
  static ofParts<T>(parts: readonly (string | Buffer)[]): SerializedBody<T> {
    // Text alone stays text: joined once, encoded once on its way to the socket.
    if (parts.every((part) => typeof part === 'string')) return new SerializedBody<T>(parts.join(''));
    let length = 0;
    for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    const json = Buffer.allocUnsafe(length);
    let at = 0;
    for (const part of parts) at += typeof part === 'string' ? json.write(part, at) : part.copy(json, at);
    return new SerializedBody<T>(json);
  }
}

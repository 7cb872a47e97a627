/**
 * An answer already written as JSON, sent as it is (issue 19): for a read whose answer is mostly
 * the same for every caller, kept serialized, or built as JSON by the database. It skips the
 * contract's check of the answer (routes/register-call.ts), so it is made only from values of the
 * contract's own types, and the tests hold such answers to the contract's schema.
 */
export class SerializedAnswer<T> {
  /** Only for the type: the answer this JSON stands for. */
  declare readonly answer?: T;

  /** The JSON as text, or as UTF-8 bytes. */
  constructor(readonly json: string | Buffer) {}

  /** An answer whose JSON is these parts one after the other, copied once into one buffer. */
  static ofParts<T>(parts: readonly (string | Buffer)[]): SerializedAnswer<T> {
    let length = 0;
    for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    const json = Buffer.allocUnsafe(length);
    let at = 0;
    for (const part of parts) at += typeof part === 'string' ? json.write(part, at) : part.copy(json, at);
    return new SerializedAnswer<T>(json);
  }
}

/**
 * An answer already written as JSON, sent as it is (issue 19): for a read whose answer is mostly
 * the same for every caller, kept serialized, or built as JSON by the database. It skips the
 * contract's check of the answer (routes/register-call.ts), so it is made only from values of the
 * contract's own types, and the tests hold such answers to the contract's schema.
 */
export class SerializedAnswer<T> {
  /** Only for the type: the answer this JSON stands for. */
  declare readonly answer?: T;

  constructor(readonly json: string) {}
}

import type { z } from 'zod';
import type { ErrorCode } from '../errors';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, written once: the server registers its route from it (so the route cannot drift),
 * `/api/docs` is generated from it, and the web client derives the URL and the answer's type from it.
 */
export interface CallContract {
  method: HttpMethod;
  /** The full path, parameters as `:name` (`/api/groups/:id/members`). */
  path: `/api/${string}`;
  summary: string;
  tags: readonly string[];
  /** false only for the public calls; every other call needs a bearer token. */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of a success. 204 returns no body (`answer` is `z.null()`). */
  status: 200 | 201 | 204;
  answer: z.ZodType;
  /** The codes this call returns beyond the ones every authenticated call may return. */
  errors: readonly ErrorCode[];
  /** Answers with another status and their own body (health's 503), for the API document. */
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
  /**
   * A file to save instead of a JSON answer (docs/product.md, "Export"): streamed with this media
   * type as an attachment; `answer` documents what the file holds.
   */
  download?: { contentType: string };
  /** The largest request body in bytes, for a call that takes more than the API's 64 KB (an import). */
  bodyLimit?: number;
}

/** Keeps the contract's literal types (method, path, schemas) for the server and the client. */
export function defineCall<const C extends CallContract>(contract: C): C {
  return contract;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route handler receives: the same, as the schemas parsed them. */
export interface ParsedInput<C extends CallContract> {
  params: Output<C['params']>;
  query: Output<C['query']>;
  body: Output<C['body']>;
}

export type AnswerOf<C extends CallContract> = z.output<C['answer']>;

/** The path with each `:name` replaced by its encoded value. */
export function pathOf(contract: Pick<CallContract, 'path'>, params: Record<string, string> = {}): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

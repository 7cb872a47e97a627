/**
 * The API's routes as its OpenAPI document (GET /api/docs/json) describes them: path, query and body
 * schemas and whether a token is needed, from which the bad requests of bad-input.test.ts are derived.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The part of JSON Schema the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export interface Route {
  method: Method;
  /** The OpenAPI path: `{name}` for a parameter. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
  authenticated: boolean;
  /** The methods this path has: any other one is a defect. */
  methods: Method[];
}

/** The documented operations (GET /api/docs/json): every API route, with its schemas. */
export async function documentedRoutes(app: FastifyInstance): Promise<Route[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json<{ paths: Record<string, Record<string, Operation>> }>();
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const operations = Object.entries(item).filter(([method]) =>
      METHODS.includes(method.toUpperCase() as Method),
    );
    const methods = operations.map(([method]) => method.toUpperCase() as Method);
    return operations.map(([method, operation]): Route => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content;
      // The media defect relies on it: every body is JSON and nothing else.
      if (content) expect(Object.keys(content), `${method} ${path}`).toEqual(['application/json']);
      return {
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content?.['application/json']?.schema ?? null,
        authenticated: (operation.security ?? []).length > 0,
        methods,
      };
    });
  });
}

import { errorResponseSchema } from '@pushup/shared';

/** Every authenticated route's OpenAPI security requirement. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The error answers a route can give, each the one `{message, code}` shape. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

import { MESSAGES } from '@pushup/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthContext, parseTimezone } from '../auth/context';
import type { IdentityProvider } from '../auth/identity';
import { AppError } from '../errors/app-error';
import type { UsersService } from '../services/users/users.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AuthHookOptions {
  identity: IdentityProvider;
  users: UsersService;
  inviteOnly: boolean;
  /** Invites count only for an email the identity provider has verified (production mode). */
  requireVerifiedEmail: boolean;
}

/** The caller of an authenticated route (the hook guarantees it is set). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.serverMissingToken);
  return request.auth;
}

/** Adds the bearer-token check and the invite-only gate to every route of `app` (an encapsulated scope). */
export function registerAuthHook(app: FastifyInstance, options: AuthHookOptions): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const token = match?.[1];
    if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.serverMissingToken);
    const verified = await options.identity.verifyIdToken(token);
    const profile = await options.users.profileOf(verified);
    // Disabled by an operator: refused at once, in every process, by the lookup each request makes
    // anyway; the identity provider's own flag reaches a process's token cache later (identity.ts).
    if (profile?.disabled) throw new AppError('FORBIDDEN', MESSAGES.serverAccountDisabled);
    const auth: AuthContext = {
      kind: 'user',
      uid: verified.uid,
      email: verified.email,
      emailVerified: verified.emailVerified,
      picture: verified.picture,
      userUuid: profile?.uuid ?? null,
      timezone: parseTimezone(request.headers['x-timezone']),
    };
    if (options.inviteOnly) {
      const admission = await options.users.admission(auth, options.requireVerifiedEmail);
      if (admission === 'not-invited') throw new AppError('NOT_INVITED', MESSAGES.serverNotInvited);
      if (admission === 'unverified')
        throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.serverEmailNotVerified);
    }
    request.auth = auth;
  });
}

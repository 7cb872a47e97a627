import { publicProfileCalls as calls, MESSAGES, type PublicProfile } from '@pushup/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';
import type { Reads } from '../reads';
import { SerializedBody } from '../reads/serialized-body';
import type { PublicProfileService } from '../services/public-profile/public-profile.service';
import { registerCall } from './register-call';

/** The caller's public-profile settings (docs/product.md, "Calls"): in the authenticated scope. */
export async function publicProfileSettingsRoutes(
  app: FastifyInstance,
  { publicProfiles }: { publicProfiles: PublicProfileService },
) {
  registerCall(app, calls.settings, ({ auth }) => publicProfiles.settings(auth));
  registerCall(app, calls.updateSettings, ({ auth, body }) => publicProfiles.updateSettings(auth, body));
}

/**
 * The public call: no token, limited per address. A private profile and a name no one holds throw
 * the same error, so their answers are the same (docs/security.md, "Public profiles").
 */
export async function publicProfileRoutes(app: FastifyInstance, { reads }: { reads: Reads }) {
  registerCall(app, calls.read, async ({ params }) => {
    const json = await reads.publicProfile.json(params.username);
    if (json === null) throw new AppError('NOT_FOUND', MESSAGES.serverUserNotFound);
    return SerializedBody.ofParts<PublicProfile>([json]);
  });
}

import type { OperatorContext } from '../../auth/context';
import type { Repositories } from '../../repositories';
import { recordOperatorAction } from './audit-trail';

/** The caller as the identity provider vouches for them (an AuthContext has both). */
export interface OperatorIdentity {
  email: string | null;
  emailVerified: boolean;
}

/**
 * Who is an operator (docs/security.md, "Operators"): an account whose confirmed email is in
 * ADMIN_EMAILS or was granted with `npm run admin -- grant-admin`. An unconfirmed address is nobody's
 * yet (anyone can sign up with any address), so it never makes an operator.
 */
export class OperatorsService {
  private readonly adminEmails: ReadonlySet<string>;

  constructor(
    private readonly repos: Repositories,
    adminEmails: readonly string[],
  ) {
    this.adminEmails = new Set(adminEmails.map((email) => email.toLowerCase()));
  }

  async isOperator(identity: OperatorIdentity): Promise<boolean> {
    if (!identity.email || !identity.emailVerified) return false;
    const email = identity.email.toLowerCase();
    return this.adminEmails.has(email) || this.repos.operators.isGranted(email);
  }

  /** False when the address was granted already (nothing changed, nothing recorded). */
  grant(operator: OperatorContext, email: string): Promise<boolean> {
    const emailLower = email.toLowerCase();
    return this.repos.transaction(async (repos) => {
      const granted = await repos.operators.grant(emailLower, new Date().toISOString());
      if (granted) await recordOperatorAction(repos, operator, 'grant-admin', emailLower);
      return granted;
    });
  }

  /**
   * False when the address was not granted (nothing changed, nothing recorded). ADMIN_EMAILS is a
   * setting: an address there stays an operator until the setting changes.
   */
  revoke(operator: OperatorContext, email: string): Promise<boolean> {
    const emailLower = email.toLowerCase();
    return this.repos.transaction(async (repos) => {
      const revoked = await repos.operators.revoke(emailLower);
      if (revoked) await recordOperatorAction(repos, operator, 'revoke-admin', emailLower);
      return revoked;
    });
  }

  /** The granted addresses and those of ADMIN_EMAILS, each with where it comes from. */
  async list(_operator: OperatorContext): Promise<{ email: string; source: string }[]> {
    const granted = await this.repos.operators.list();
    return [
      ...[...this.adminEmails].sort().map((email) => ({ email, source: 'ADMIN_EMAILS' })),
      ...granted.map((row) => ({ email: row.email_lower, source: `granted ${row.granted_at}` })),
    ];
  }
}

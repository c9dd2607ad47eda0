import {
  type Actor,
  type completeSocialSignIn,
  EmailSchema,
  type ReplyOf,
  type RequestOf,
  type startSocialSignIn,
  type User,
  userConverted,
  userSignedUp,
} from '@memoreel/contracts';
import { buildEvent, recordEvent } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { actorFor } from '../auth.actor.js';
import { AuthConfig } from '../auth.config.js';
import { SocialSignInFailedError } from '../auth.errors.js';
import { safeRedirect } from '../auth.redirects.js';
import { AuthDatabase, type AuthTransaction } from '../database/auth-database.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { EmailConfirmation } from '../users/email-confirmation.js';
import { type NewIdentity, toUser, type UserRecord, UsersRepository } from '../users/users.repository.js';
import { OidcProviders } from './oidc-providers.js';

/** Who the provider says signed in. `email` is set only when the provider vouches for the address. */
interface ProviderProfile {
  subject: string;
  email: string | null;
  metadata: User['userMetadata'];
  claims: { [claim: string]: string | boolean | null };
}

@Injectable()
export class SocialService {
  constructor(
    private readonly database: AuthDatabase,
    private readonly providers: OidcProviders,
    private readonly users: UsersRepository,
    private readonly confirmation: EmailConfirmation,
    private readonly sessions: SessionsService,
    private readonly config: AuthConfig,
  ) {}

  listProviders(_actor: Actor): { providers: { id: string; name: string }[] } {
    return { providers: this.providers.list() };
  }

  /**
   * The provider's authorization URL (code flow, PKCE S256, nonce). `state` also carries where to
   * return: the gateway keeps it in a cookie and completion insists on an exact match, so it cannot be altered.
   */
  async start(
    _actor: Actor,
    input: RequestOf<typeof startSocialSignIn>,
  ): Promise<ReplyOf<typeof startSocialSignIn>> {
    const configuration = await this.providers.configuration(this.providers.find(input.provider));
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const redirectTo = safeRedirect(input.redirectTo, this.config.publicUrl);
    const state = redirectTo
      ? `${oidc.randomState()}.${Buffer.from(redirectTo).toString('base64url')}`
      : oidc.randomState();
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: input.callbackUrl,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: authorizationUrl.href, state, codeVerifier, nonce };
  }

  /**
   * Exchanges the code and signs in: the user already linked to this identity; else the user whose
   * address the provider verified (linked now); else the guest asking (converted, same id); else a new user.
   */
  async complete(
    actor: Actor,
    input: RequestOf<typeof completeSocialSignIn>,
  ): Promise<ReplyOf<typeof completeSocialSignIn>> {
    const provider = this.providers.find(input.provider);
    const configuration = await this.providers.configuration(provider);
    const profile = await this.exchange(configuration, input);
    const session = await this.database.$transaction(async (tx) => {
      const user = await this.accountFor(tx, actor, provider.id, profile);
      return this.sessions.open(tx, user, input.client, 'oauth');
    });
    const carried = input.expectedState.split('.')[1];
    const redirectTo = carried
      ? safeRedirect(Buffer.from(carried, 'base64url').toString('utf8'), this.config.publicUrl)
      : undefined;
    return { session, redirectTo };
  }

  private async exchange(
    configuration: oidc.Configuration,
    input: RequestOf<typeof completeSocialSignIn>,
  ): Promise<ProviderProfile> {
    let claims: oidc.IDToken | undefined;
    let userInfo: oidc.UserInfoResponse | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, new URL(input.callbackUrl), {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.expectedState,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Some providers leave the address out of the ID token and answer it from userinfo only.
      if (claims && claims.email === undefined) {
        userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      }
    } catch (error) {
      throw new SocialSignInFailedError(error instanceof Error ? error.message : String(error));
    }
    if (!claims) throw new SocialSignInFailedError('no ID token');
    const source = { ...userInfo, ...claims };
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
    // Typed boolean, but some providers send the string "true".
    const emailVerified: unknown = source.email_verified;
    const verified = emailVerified === true || emailVerified === 'true';
    const email = verified ? EmailSchema.safeParse(source.email) : undefined;
    const fullName = text(source.name);
    const avatarUrl = text(source.picture);
    return {
      subject: claims.sub,
      email: email?.success ? email.data : null,
      metadata: { ...(fullName ? { fullName } : {}), ...(avatarUrl ? { avatarUrl } : {}) },
      claims: {
        iss: claims.iss,
        sub: claims.sub,
        email: text(source.email) ?? null,
        email_verified: verified,
        name: fullName ?? null,
        picture: avatarUrl ?? null,
      },
    };
  }

  private async accountFor(
    tx: AuthTransaction,
    actor: Actor,
    provider: string,
    profile: ProviderProfile,
  ): Promise<UserRecord> {
    const identity: NewIdentity & { providerSubject: string } = {
      provider,
      providerSubject: profile.subject,
      email: profile.email,
      data: profile.claims,
    };
    const reload = async (id: string) => {
      const user = await this.users.findById(tx, id);
      if (!user) throw new Error(`user ${id} vanished inside its own transaction`);
      return user;
    };

    const known = await this.users.findIdentity(tx, provider, profile.subject);
    if (known) {
      await this.users.saveIdentity(tx, known.userId, identity);
      return reload(known.userId);
    }

    const owner = profile.email ? await this.users.findByEmail(tx, profile.email) : null;
    if (owner && profile.email) {
      await this.users.saveIdentity(tx, owner.id, identity);
      if (owner.emailConfirmedAt) return reload(owner.id);
      // The password of an unconfirmed sign-up was set by someone who never proved the address: drop it.
      await this.users.update(tx, owner.id, { encryptedPassword: null });
      return this.confirmation.confirm(tx, await reload(owner.id), profile.email);
    }

    const guest = actor.userId && actor.isAnonymous ? await this.users.findById(tx, actor.userId) : null;
    if (guest?.isAnonymous) {
      await this.users.saveIdentity(tx, guest.id, identity);
      await this.users.update(tx, guest.id, {
        userMetadata: { ...profile.metadata, ...toUser(guest).userMetadata },
      });
      if (profile.email) return this.confirmation.confirm(tx, await reload(guest.id), profile.email);
      const converted = await this.users.update(tx, guest.id, { isAnonymous: false });
      await recordEvent(
        tx,
        'auth',
        buildEvent(userConverted, actorFor(converted), { userId: guest.id, email: null }),
      );
      return converted;
    }

    const created = await this.users.create(
      tx,
      {
        email: profile.email,
        encryptedPassword: null,
        isAnonymous: false,
        emailConfirmedAt: profile.email ? new Date() : null,
        userMetadata: profile.metadata,
      },
      identity,
    );
    await recordEvent(
      tx,
      'auth',
      buildEvent(userSignedUp, actorFor(created), { userId: created.id, isAnonymous: false }),
    );
    return created;
  }
}

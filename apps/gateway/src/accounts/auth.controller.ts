import {
  type Actor,
  authErrorCodes,
  authMessages,
  completeSocialSignIn,
  GUEST,
  getUser,
  issueBotChallenge,
  listSocialProviders,
  recoverPassword,
  refreshSession,
  type Session,
  sendOtp,
  signInAnonymously,
  signInWithPassword,
  signOut,
  signOutByRefreshToken,
  signUp,
  startSocialSignIn,
  type User,
  updateUser,
  verifyOtp,
} from '@memoreel/contracts';
import { BusClient, RemoteError } from '@memoreel/platform';
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Logger,
  Post,
  Put,
  Query,
  Redirect,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { JSONWebKeySet } from 'jose';
import type { z } from 'zod';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { appOriginOf, clientOf } from '../http/client.js';
import { CurrentActor } from '../http/current-actor.js';
import { parseInput, ZodPipe } from '../http/zod-pipe.js';
import { AllowsSecondFactorPending, ReadsAccessToken } from './access-token.guard.js';
import { AccessTokenVerifier, NotAuthenticatedError } from './access-token.js';
import {
  AnonymousSignInBody,
  AuthorizeQuery,
  OtpBody,
  PasswordGrantBody,
  RecoverBody,
  SignOutQuery,
  SignUpBody,
  TokenQuery,
  UpdateUserBody,
  VerifyBody,
  VerifyLinkQuery,
} from './auth.schemas.js';
import { AuthHttpErrorFilter, authHttpErrorFor, statusForCode } from './auth-http-error.js';
import { optionalSameSiteRedirect, sameSiteRedirect } from './same-site-redirect.js';
import { clearRefreshCookie, deliverSession, type PublicSession, refreshTokenOf } from './session-cookie.js';
import { rememberSocialFlow, takeSocialFlow } from './social-flow-cookie.js';
import { spaCallbackErrorUrl, spaCallbackUrl } from './spa-callback.js';

interface Navigation {
  url: string;
  statusCode: number;
}
const seeOther = (url: string): Navigation => ({ url, statusCode: 303 });

/**
 * The accounts REST surface of docs/auth-api.md. Every call is forwarded to the auth service,
 * which owns every rule; this layer only validates input, fills in the client, and turns
 * sessions into cookies and links into redirects. Routes read the access token only where marked.
 */
@Controller('auth/v1')
@UseFilters(AuthHttpErrorFilter)
@ReadsAccessToken(false)
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly tokens: AccessTokenVerifier,
    @Inject(GATEWAY_CONTEXT) private readonly gateway: GatewayContext,
  ) {}

  @Get('bot-check/challenge')
  @Header('Cache-Control', 'no-store')
  async botChallenge(): Promise<object> {
    const answer = await this.bus.request(issueBotChallenge, GUEST, {});
    // The ALTCHA widget fetches `challengeurl` and expects the bare challenge.
    return answer.provider === 'altcha' ? answer.challenge : answer;
  }

  @Post('signup')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async signUp(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(SignUpBody)) body: z.output<typeof SignUpBody>,
  ): Promise<{ user: User; session: PublicSession | null }> {
    const answer = await this.bus.request(signUp, GUEST, this.withLinkTarget(req, body));
    return { user: answer.user, session: answer.session && deliverSession(req, res, answer.session) };
  }

  @Post('anonymous')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async signInAnonymously(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(AnonymousSignInBody)) body: z.output<typeof AnonymousSignInBody>,
  ): Promise<PublicSession> {
    const session = await this.bus.request(signInAnonymously, GUEST, { ...body, client: clientOf(req) });
    return deliverSession(req, res, session);
  }

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async token(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodPipe(TokenQuery)) query: z.output<typeof TokenQuery>,
    @Body() body: unknown,
  ): Promise<PublicSession> {
    const session =
      query.grant_type === 'password'
        ? await this.bus.request(signInWithPassword, GUEST, {
            ...parseInput(PasswordGrantBody, body),
            client: clientOf(req),
          })
        : await this.refresh(req, res);
    return deliverSession(req, res, session);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodPipe(SignOutQuery)) { scope }: z.output<typeof SignOutQuery>,
  ): Promise<void> {
    const refreshToken = refreshTokenOf(req);
    // This browser is signed out whatever follows: an expired access token must not leave the cookie behind.
    if (scope !== 'others') clearRefreshCookie(req, res);
    // Signing out is always allowed, also before the second factor.
    const actor = await this.tokens
      .actorFor(req.headers.authorization, { allowSecondFactorPending: true })
      .catch((error: unknown) => {
        if (error instanceof NotAuthenticatedError && refreshToken && scope !== 'others') return undefined;
        throw error;
      });
    // With an expired access token the refresh cookie still names the session: revoke it by that.
    if (actor?.userId) await this.bus.request(signOut, actor, { scope });
    else if (refreshToken && scope !== 'others')
      await this.bus.request(signOutByRefreshToken, GUEST, { refreshToken, scope });
    else await this.bus.request(signOut, actor ?? GUEST, { scope });
  }

  @Get('user')
  @ReadsAccessToken()
  @AllowsSecondFactorPending()
  @Header('Cache-Control', 'no-store')
  getUser(@CurrentActor() actor: Actor): Promise<User> {
    return this.bus.request(getUser, actor, {});
  }

  @Put('user')
  @ReadsAccessToken()
  @Header('Cache-Control', 'no-store')
  updateUser(
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Body(new ZodPipe(UpdateUserBody)) body: z.output<typeof UpdateUserBody>,
  ): Promise<User> {
    return this.bus.request(updateUser, actor, this.withLinkTarget(req, body));
  }

  @Post('recover')
  @HttpCode(200)
  async recover(
    @Req() req: Request,
    @Body(new ZodPipe(RecoverBody)) body: z.output<typeof RecoverBody>,
  ): Promise<object> {
    await this.bus.request(recoverPassword, GUEST, this.withLinkTarget(req, body));
    return {};
  }

  @Post('otp')
  @HttpCode(200)
  async sendOtp(
    @Req() req: Request,
    @Body(new ZodPipe(OtpBody)) body: z.output<typeof OtpBody>,
  ): Promise<object> {
    await this.bus.request(sendOtp, GUEST, this.withLinkTarget(req, body));
    return {};
  }

  @Post('verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async verify(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(VerifyBody)) body: z.output<typeof VerifyBody>,
  ): Promise<PublicSession> {
    const { session } = await this.bus.request(verifyOtp, GUEST, { ...body, client: clientOf(req) });
    return deliverSession(req, res, session);
  }

  /** The link in an e-mail: opens the session in a cookie and hands over to the SPA. */
  @Get('verify')
  @Redirect()
  async verifyLink(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query() query: unknown,
  ): Promise<Navigation> {
    try {
      const link = parseInput(VerifyLinkQuery, query);
      const answer = await this.bus.request(verifyOtp, GUEST, {
        client: clientOf(req),
        type: link.type,
        tokenHash: link.token_hash,
      });
      deliverSession(req, res, answer.session);
      return seeOther(
        spaCallbackUrl({ type: answer.type, next: sameSiteRedirect(link.redirect_to, this.appOrigin(req)) }),
      );
    } catch (error) {
      return this.failedNavigation(error);
    }
  }

  @Get('providers')
  listProviders(): Promise<{ providers: { id: string; name: string }[] }> {
    return this.bus.request(listSocialProviders, GUEST, {});
  }

  /** Starts a social sign-in: the flow's secrets wait in an HttpOnly cookie for the callback. */
  @Get('authorize')
  @Redirect()
  async authorize(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query() query: unknown,
  ): Promise<Navigation> {
    try {
      const { provider, redirect_to } = parseInput(AuthorizeQuery, query);
      const origin = this.appOrigin(req);
      const redirectTo = sameSiteRedirect(redirect_to, origin);
      const start = await this.bus.request(startSocialSignIn, GUEST, {
        provider,
        callbackUrl: `${origin}/auth/v1/callback`,
        redirectTo,
      });
      rememberSocialFlow(req, res, {
        provider,
        state: start.state,
        codeVerifier: start.codeVerifier,
        nonce: start.nonce,
        redirectTo,
      });
      return { url: start.authorizationUrl, statusCode: 302 };
    } catch (error) {
      return this.failedNavigation(error);
    }
  }

  /** Where the provider sends the browser back; the auth service checks state, code and nonce. */
  @Get('callback')
  @Redirect()
  async socialCallback(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Navigation> {
    try {
      const flow = takeSocialFlow(req, res);
      if (!flow) {
        throw new RemoteError({
          code: authErrorCodes.badOAuthCallback,
          message: authMessages.errors.socialSignInFailed,
        });
      }
      const origin = this.appOrigin(req);
      const done = await this.bus.request(completeSocialSignIn, await this.guestToConvert(req, res), {
        client: clientOf(req),
        provider: flow.provider,
        callbackUrl: `${origin}${req.originalUrl}`,
        expectedState: flow.state,
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
      deliverSession(req, res, done.session);
      return seeOther(
        spaCallbackUrl({
          type: 'social',
          next: sameSiteRedirect(done.redirectTo ?? flow.redirectTo, origin),
        }),
      );
    } catch (error) {
      return this.failedNavigation(error);
    }
  }

  @Get('.well-known/jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks(): Promise<JSONWebKeySet> {
    return this.tokens.jwks();
  }

  private async refresh(req: Request, res: Response): Promise<Session> {
    const refreshToken = refreshTokenOf(req);
    if (!refreshToken) {
      throw new RemoteError({
        code: authErrorCodes.refreshTokenNotFound,
        message: authMessages.errors.refreshTokenNotFound,
      });
    }
    try {
      return await this.bus.request(refreshSession, GUEST, { client: clientOf(req), refreshToken });
    } catch (error) {
      // A refused refresh token is dead for good: drop it so the browser stops offering it.
      if (error instanceof RemoteError && statusForCode(error.code) === 401) clearRefreshCookie(req, res);
      throw error;
    }
  }

  /**
   * A browser-navigated social sign-in carries no bearer token; a guest's refresh cookie says who
   * they are. Refreshing it (rotation) yields a verified actor, so the provider converts that guest.
   */
  private async guestToConvert(req: Request, res: Response): Promise<Actor> {
    const refreshToken = refreshTokenOf(req);
    if (!refreshToken) return GUEST;
    try {
      const session = await this.bus.request(refreshSession, GUEST, { client: clientOf(req), refreshToken });
      deliverSession(req, res, session);
      return session.user.isAnonymous ? await this.tokens.actorFor(`Bearer ${session.accessToken}`) : GUEST;
    } catch (error) {
      // A dead session is no guest to convert: the provider signs in or creates a user instead.
      if (error instanceof RemoteError && statusForCode(error.code) === 401) return GUEST;
      throw error;
    }
  }

  private failedNavigation(error: unknown): Navigation {
    const failure = authHttpErrorFor(error);
    if (failure.status === 500 && !(error instanceof RemoteError)) this.logger.error(error);
    return seeOther(spaCallbackErrorUrl(failure));
  }

  /** A request whose mail may carry a link: its target kept on this site, and who is calling. */
  private withLinkTarget<Body extends { redirectTo?: string }>(req: Request, body: Body) {
    return {
      ...body,
      redirectTo: optionalSameSiteRedirect(body.redirectTo, this.appOrigin(req)),
      client: clientOf(req),
    };
  }

  private appOrigin(req: Request): string {
    return appOriginOf(req, this.gateway.publicUrl);
  }
}

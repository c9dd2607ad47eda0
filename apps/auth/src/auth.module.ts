import { authOverview } from '@memoreel/contracts';
import {
  adminOverviewHandler,
  LOGGER,
  type Logger,
  loadConfig,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@memoreel/platform';
import { type DynamicModule, Module } from '@nestjs/common';
import { AuthConfig, authConfigFrom, authEnvironment } from './auth.config.js';
import { AltchaBotCheck } from './bot-check/altcha-bot-check.js';
import { BotCheckHandlers } from './bot-check/bot-check.handlers.js';
import { BotCheck } from './bot-check/bot-check.js';
import { BotCheckSolutionsRepository } from './bot-check/bot-check-solutions.repository.js';
import { TurnstileBotCheck } from './bot-check/turnstile-bot-check.js';
import { AuthDatabase } from './database/auth-database.js';
import { FactorsHandlers } from './factors/factors.handlers.js';
import { FactorsRepository } from './factors/factors.repository.js';
import { FactorsService } from './factors/factors.service.js';
import { MfaChallengesService } from './factors/mfa-challenges.service.js';
import { RemoveExpiredRows } from './housekeeping/remove-expired-rows.js';
import { KeysHandlers } from './keys/keys.handlers.js';
import { ServiceSecretsRepository } from './keys/service-secrets.repository.js';
import { SigningKeysRepository } from './keys/signing-keys.repository.js';
import { SigningKeys } from './keys/signing-keys.service.js';
import { LogMailer } from './mail/log-mailer.js';
import { Mailer } from './mail/mailer.js';
import { SmtpMailer } from './mail/smtp-mailer.js';
import { NewsletterHandlers } from './newsletter/newsletter.handlers.js';
import { NewsletterService } from './newsletter/newsletter.service.js';
import { NewsletterSubscriptionsRepository } from './newsletter/newsletter-subscriptions.repository.js';
import { OneTimeTokens } from './otp/one-time-tokens.js';
import { OneTimeTokensRepository } from './otp/one-time-tokens.repository.js';
import { OtpHandlers } from './otp/otp.handlers.js';
import { OtpService } from './otp/otp.service.js';
import { RateLimiter } from './rate-limits/rate-limiter.js';
import { SessionsHandlers } from './sessions/sessions.handlers.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { OidcProviders } from './social/oidc-providers.js';
import { SocialHandlers } from './social/social.handlers.js';
import { SocialService } from './social/social.service.js';
import { AdminEmails } from './users/admin-emails.js';
import { AdminUsersHandlers } from './users/admin-users.handlers.js';
import { AdminUsersRepository } from './users/admin-users.repository.js';
import { AdminUsersService } from './users/admin-users.service.js';
import { EmailConfirmation } from './users/email-confirmation.js';
import { RecordAdminShareChanges } from './users/record-admin-share-changes.js';
import { RecordAdminTierChanges } from './users/record-admin-tier-changes.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

@Module({})
export class AuthModule {
  static register(): DynamicModule {
    return {
      module: AuthModule,
      controllers: [
        UsersHandlers,
        SessionsHandlers,
        OtpHandlers,
        SocialHandlers,
        BotCheckHandlers,
        KeysHandlers,
        NewsletterHandlers,
        AdminUsersHandlers,
        RecordAdminTierChanges,
        RecordAdminShareChanges,
        adminOverviewHandler(authOverview, { database: AuthDatabase }),
        FactorsHandlers,
      ],
      providers: [
        {
          provide: AuthConfig,
          // A bad environment fails the start, naming each variable.
          useFactory: (context: ServiceContext) => authConfigFrom(loadConfig(authEnvironment, context.env)),
          inject: [SERVICE_CONTEXT],
        },
        {
          provide: BotCheck,
          useFactory: (
            config: AuthConfig,
            database: AuthDatabase,
            secrets: ServiceSecretsRepository,
            solutions: BotCheckSolutionsRepository,
            logger: Logger,
          ) =>
            config.turnstile
              ? new TurnstileBotCheck(config.turnstile, logger)
              : new AltchaBotCheck(config, database, secrets, solutions),
          inject: [AuthConfig, AuthDatabase, ServiceSecretsRepository, BotCheckSolutionsRepository, LOGGER],
        },
        {
          provide: Mailer,
          useFactory: (config: AuthConfig, logger: Logger) =>
            config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(logger),
          inject: [AuthConfig, LOGGER],
        },
        AuthDatabase,
        RateLimiter,
        ServiceSecretsRepository,
        SigningKeysRepository,
        SigningKeys,
        BotCheckSolutionsRepository,
        UsersRepository,
        AdminEmails,
        EmailConfirmation,
        UsersService,
        SessionsRepository,
        SessionsService,
        OneTimeTokensRepository,
        OneTimeTokens,
        OtpService,
        OidcProviders,
        SocialService,
        RemoveExpiredRows,
        NewsletterSubscriptionsRepository,
        NewsletterService,
        AdminUsersRepository,
        AdminUsersService,
        FactorsRepository,
        FactorsService,
        MfaChallengesService,
      ],
    };
  }
}

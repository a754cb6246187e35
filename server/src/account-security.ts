/**
 * Composition of the profile and account-security part: profile, avatar,
 * password change, image captcha, third-party logins and account deletion.
 * buildApp calls it once and registers what it returns.
 */
import { regionSettings } from '@ac/protocol/enums';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AvatarStore, createDbAvatarStore } from './adapters/avatar-store.ts';
import type { Mailer } from './adapters/mail.ts';
import { createNotifier } from './adapters/notices.ts';
import { createOAuthProviders, type OAuthProviders } from './adapters/oauth.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Call } from './envelope/call.ts';
import { createAccountCalls } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import type { AuditRepo } from './modules/audit/audit.repo.ts';
import { registerAvatarRoutes } from './modules/avatar/avatar.routes.ts';
import { createAvatarService } from './modules/avatar/avatar.service.ts';
import { createCaptchaCalls } from './modules/codes/captcha.routes.ts';
import { type CaptchaGenerator, createCaptchaService, svgCaptchaGenerator } from './modules/codes/captcha.service.ts';
import type { CodesService } from './modules/codes/codes.service.ts';
import { createPasswordCalls } from './modules/password/password.routes.ts';
import { createPasswordService } from './modules/password/password.service.ts';
import { createProfileCalls } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import type { SessionService } from './modules/session/session.service.ts';
import { createOAuthFlow } from './modules/third-party/oauth-flow.ts';
import { createThirdLoginCalls } from './modules/third-party/third-login.routes.ts';
import { createThirdPartyCalls } from './modules/third-party/third-party.routes.ts';
import { createThirdPartyService } from './modules/third-party/third-party.service.ts';
import type { UserRepo } from './modules/user/user.repo.ts';
import type { UserService } from './modules/user/user.service.ts';

/** Adapters a caller may replace (as it may the mailer and SMS sender). */
export type AccountSecurityAdapters = {
  captcha?: CaptchaGenerator;
  avatarStore?: AvatarStore;
  oauth?: OAuthProviders;
};

type Deps = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  audit: AuditRepo;
  codes: CodesService;
  sessions: SessionService;
  users: UserService;
  userRepo: UserRepo;
  adapters: AccountSecurityAdapters;
};

export function createAccountSecurity(d: Deps) {
  const { config, db, codes, sessions } = d;
  const defaultLanguage = regionSettings[config.region].defaultLanguage;
  const notifier = createNotifier({ mailer: d.mailer, sms: d.sms, log: d.log });
  const store = d.adapters.avatarStore ?? createDbAvatarStore(db);
  const avatars = createAvatarService(db, store, config.publicUrl, d.log);
  const providers = d.adapters.oauth ?? createOAuthProviders(config.oauth);
  const flow = createOAuthFlow(db, providers, config.publicUrl);
  const thirdParty = createThirdPartyService(db, providers, config.region);
  const captcha = createCaptchaService(db, d.adapters.captcha ?? svgCaptchaGenerator);

  const calls: Call[] = [
    ...createCaptchaCalls({ captcha, audit: d.audit }),
    ...createProfileCalls({ profile: createProfileService(db, codes), notifier, defaultLanguage }),
    ...createPasswordCalls({
      passwords: createPasswordService(db, { codes, throttle: sessions }),
      notifier,
      defaultLanguage,
    }),
    ...createThirdPartyCalls({ thirdParty, flow, notifier, users: d.userRepo, defaultLanguage }),
    ...createThirdLoginCalls({
      thirdParty,
      flow,
      sessions,
      users: d.users,
      audit: d.audit,
      region: config.region,
      publicUrl: config.publicUrl,
    }),
    ...createAccountCalls({
      accounts: createAccountService(db, { codes, avatars, nodeCode: config.nodeCode }),
      notifier,
      defaultLanguage,
      publicUrl: config.publicUrl,
    }),
  ];

  return {
    calls,
    /** The routes that are not envelope calls: avatar upload (multipart) and avatar files. */
    registerRoutes(app: FastifyInstance) {
      registerAvatarRoutes(app, { avatars, sessions, config });
    },
  };
}

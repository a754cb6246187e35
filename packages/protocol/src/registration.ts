/**
 * Registration, activation, recovery and server-node calls (docs/api.md).
 * Password rules beyond the length cap are
 * checked by the server (1000010 / 1000011 / 1000012), so a form can show
 * the policy's own message; forms use ZNewPassword from password.ts.
 */
import { z } from 'zod';
import { ZEmail, ZMobile, zDisplayText } from './common.ts';
import { buildDictionary } from './dictionary.ts';

const COUNTRIES: readonly string[] = buildDictionary().countries;

/** Link lifetimes and mail resend limits (docs/protocol.md#links-activation-and-reset). */
export const ACTIVATION_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;
export const LINK_RESEND_SECONDS = 60;
export const LINK_MAX_PER_HOUR = 5;
export const LINK_MAX_PER_DAY = 10;

/** The password as typed; the policy is the server's (answers 1000010 / 1000011 / 1000012). */
const ZPasswordInput = z.string().min(1).max(128);
/** Must be true; false answers 1200001 ("Please read and agree …"), not 0000002. */
const ZAgree = z.boolean();

export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => COUNTRIES.includes(c), { message: 'must be a country code of the dictionary' });

/** Overseas: register with email; the account stays unactivated until the mailed link is opened. */
export const ZRegisterEmailRequest = z.object({
  name: zDisplayText(1, 64),
  email: ZEmail,
  password: ZPasswordInput,
  region: ZCountryCode,
  agree: ZAgree,
  subscribe: z.boolean().optional().default(false),
  /** From the `businessSource` cookie / URL parameter (docs/product.md#messages-and-timing). */
  businessSource: z.string().trim().max(64).optional(),
});
export type TRegisterEmailRequest = z.infer<typeof ZRegisterEmailRequest>;

/** China: register with a mobile and an SMS code of purpose `register`; the account is active at once. */
export const ZRegisterMobileRequest = z.object({
  mobile: ZMobile,
  code: z.string().regex(/^\d{6}$/),
  password: ZPasswordInput,
  agree: ZAgree,
  businessSource: z.string().trim().max(64).optional(),
});
export type TRegisterMobileRequest = z.infer<typeof ZRegisterMobileRequest>;

export const ZEmailOnlyRequest = z.object({ email: ZEmail });
export type TEmailOnlyRequest = z.infer<typeof ZEmailOnlyRequest>;

/** `h5` (China): asked from the h5 page, so the mailed link opens `/h5/reset/{id}` in the mobile shell. */
export const ZSendFindPwdEmailRequest = ZEmailOnlyRequest.extend({ h5: z.boolean().optional() });
export type TSendFindPwdEmailRequest = z.infer<typeof ZSendFindPwdEmailRequest>;

/** The token of a mailed link (`…/toactivate/<id>`, `…/password/reset/<id>`). */
export const ZLinkRequest = z.object({ id: z.string().trim().min(1).max(128) });
export type TLinkRequest = z.infer<typeof ZLinkRequest>;

export const ZCheckResetLinkResponse = z.object({ valid: z.literal(true) });

export const ZResetByLinkRequest = z.object({ id: z.string().trim().min(1).max(128), password: ZPasswordInput });
export type TResetByLinkRequest = z.infer<typeof ZResetByLinkRequest>;
/** China only: reset with an SMS code of purpose `findPwd`. */
export const ZResetByCodeRequest = z.object({
  mobile: ZMobile,
  code: z.string().regex(/^\d{6}$/),
  password: ZPasswordInput,
});
export type TResetByCodeRequest = z.infer<typeof ZResetByCodeRequest>;
export const ZUpdate4FindpwdCnRequest = z.union([ZResetByLinkRequest, ZResetByCodeRequest]);
export type TUpdate4FindpwdCnRequest = z.infer<typeof ZUpdate4FindpwdCnRequest>;

export const ZGetNodeByDealerRequest = z.object({
  account: z.string().trim().min(1).max(254),
  /**
   * Node-to-node lookups: answer only from this node's own accounts, with
   * 1200005 when the account does not live here (never asks other nodes).
   */
  localOnly: z.boolean().optional().default(false),
});
export type TGetNodeByDealerRequest = z.infer<typeof ZGetNodeByDealerRequest>;

export const ZNodeRef = z.object({ code: z.string(), name: z.string(), url: z.string() });
export type TNodeRef = z.infer<typeof ZNodeRef>;
export const ZGetNodeByDealerResponse = z.object({ node: ZNodeRef });
export type TGetNodeByDealerResponse = z.infer<typeof ZGetNodeByDealerResponse>;

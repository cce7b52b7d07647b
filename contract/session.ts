import { z } from 'zod';
import { ApprovalPolicySchema } from './approval-policy';
import { CompanionFeaturesSchema } from './companion-features';

/** Operator roles, mapped from SSO groups by the BFF. */
export const ROLES = [
  'viewer',
  'address-editor',
  'withdrawal-initiator',
  'withdrawal-approver',
  'address-approver',
  /** Recovery of approvers' passkeys: revokes another operator's keys (never adds one). */
  'passkey-admin',
] as const;
const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

const AUTH_MODES = ['dev', 'trusted-header', 'jwt', 'oidc'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

const ENVIRONMENT_KINDS = ['local', 'sandbox', 'production'] as const;
export const ENVIRONMENT_NAMES = {
  local: 'Local sandbox',
  sandbox: 'Sandbox',
  production: 'Production',
} as const;

const EnvironmentSchema = z.object({
  kind: z.enum(ENVIRONMENT_KINDS),
  /** "Local sandbox", "Sandbox", "Production", or the configured ENVIRONMENT_NAME. */
  name: z.string(),
  /** Testnet address forms are accepted only where the upstream is a sandbox. */
  allow_testnet: z.boolean(),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/** GET /api/me */
export const MeResponseSchema = z.object({
  operator: z.object({
    subject: z.string(),
    name: z.string(),
    email: z.string().optional(),
  }),
  roles: z.array(RoleSchema),
  environment: EnvironmentSchema,
  /** Which optional companion features the upstream client is granted (and why not). */
  features: CompanionFeaturesSchema,
  /** The four-eyes policy in force (the form says before submit what will wait for approval). */
  approval_policy: ApprovalPolicySchema,
  /**
   * AUTH_MODE=dev only: the local operators a developer may act as (X-Dev-Operator header), so
   * a second person's approval can be tried on one machine. Absent in every other mode.
   */
  /**
   * How operators sign in (AUTH_MODE): `oidc` is the console's own sign-in, so the SPA offers
   * Sign out (POST /auth/logout). Optional: read tolerantly from an older BFF.
   */
  auth_mode: z.enum(AUTH_MODES).optional(),
  dev_operators: z
    .array(z.object({ id: z.string(), subject: z.string(), name: z.string() }))
    .optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** POST /auth/logout (AUTH_MODE=oidc): where the browser goes next (the provider's sign-out, or `/`). */
export const SignOutResponseSchema = z.object({ redirect_to: z.string().min(1) });

import { z } from 'zod';
import {
  EXPERT_DURATION_MONTHS,
  EXPERT_QUESTIONS_PER_WEEK,
  FORM_TEXT_MAX,
  MIN_LENGTH,
} from '../constants.js';
import { Role } from '../roles.js';
import {
  emailAddress,
  integerIn,
  isSingleLine,
  optionalText,
  optionalUrl,
  optionalWebAddresses,
  requiredLine,
  requiredText,
  singleLineMessage,
  staffReason,
} from './fields.js';
import { publishedAs } from './published-name.js';

/** The user as identity knows it. The gateway adds the billing fields to form `/api/user`. */
export const IdentityUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: Role,
});
export type IdentityUser = z.infer<typeof IdentityUser>;

export const SubscriptionStatus = z.enum(['active', 'inactive']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const CurrentUser = IdentityUser.extend({
  subscriptionStatus: SubscriptionStatus,
  foiaCredits: z.number().int().nonnegative(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Who is signed in on this browser: a visitor is `{ user: null }`, never an error. */
export const CurrentSession = z.object({ user: CurrentUser.nullable() });
export type CurrentSession = z.infer<typeof CurrentSession>;

export const MemberCount = z.object({ count: z.number().int().nonnegative() });
export type MemberCount = z.infer<typeof MemberCount>;

export const WaitlistStatus = z.object({ waitlistEnabled: z.boolean() });
export type WaitlistStatus = z.infer<typeof WaitlistStatus>;

/** The admin page sends the setting as the strings 'true'/'false'; a JSON boolean is accepted too. */
export const BooleanSettingBody = z.object({
  value: z
    .union([z.enum(['true', 'false']), z.boolean()], { error: "value must be 'true' or 'false'" })
    .transform((value) => value === true || value === 'true'),
});
export type BooleanSettingBody = z.infer<typeof BooleanSettingBody>;

export const Expert = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The expert's username: their public page is `/experts/<handle>`, found in any case. */
  handle: z.string(),
  brandName: z.string().nullable(),
  bio: z.string().nullable(),
  expertise: z.string().nullable(),
  questionsPerWeek: z.number().int(),
  /** The line under the expert's name; null: pages show a generic one. */
  title: z.string().nullable(),
  /** The background of the expert's initials, `#rrggbb`; null: pages use a neutral one. */
  avatarColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type Expert = z.infer<typeof Expert>;

export const ExpertProfileApplication = z.object({
  brandName: z
    .string({ error: 'Brand name must be at least 2 characters' })
    .trim()
    .min(MIN_LENGTH.brandName, 'Brand name must be at least 2 characters')
    .max(100)
    .refine(isSingleLine, singleLineMessage('Brand name')),
  bio: requiredText('Bio must be at least 50 characters', 'Bio')
    .min(MIN_LENGTH.bio, 'Bio must be at least 50 characters')
    .max(5000),
  credentials: requiredText('Please describe your credentials', 'Credentials')
    .min(MIN_LENGTH.credentials, 'Please describe your credentials')
    .max(5000),
  expertise: requiredText('Please describe your area of expertise', 'Expertise')
    .min(MIN_LENGTH.expertise, 'Please describe your area of expertise')
    .max(2000),
  website: optionalUrl('Website'),
  socialLinks: optionalWebAddresses('Social links'),
  experienceYears: integerIn(0, 80, 'Please specify your years of experience'),
  questionsPerWeek: integerIn(
    EXPERT_QUESTIONS_PER_WEEK.min,
    EXPERT_QUESTIONS_PER_WEEK.max,
    'Please specify how many questions you can answer',
  ),
  weeklyRate: integerIn(0, 1_000_000, 'Please specify your weekly rate'),
});
export type ExpertProfileApplication = z.infer<typeof ExpertProfileApplication>;

export const ExpertProfileStatus = z.enum(['pending', 'approved', 'rejected']);

export const ExpertProfileRecord = ExpertProfileApplication.extend({
  id: z.number().int(),
  userId: z.number().int(),
  status: ExpertProfileStatus,
  /** An approved expert members can choose; false once delisted or no longer an expert. */
  listed: z.boolean(),
  createdAt: z.string(),
  user: z.object({
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type ExpertProfileRecord = z.infer<typeof ExpertProfileRecord>;

const MISSING_INFORMATION = 'Please fill in all required fields.';

export const ExpertApplication = z.object({
  name: requiredLine(MISSING_INFORMATION, 'Name').pipe(
    z.string().max(FORM_TEXT_MAX.name, `Name must be at most ${FORM_TEXT_MAX.name} characters`),
  ),
  email: emailAddress(MISSING_INFORMATION),
  phone: requiredLine(MISSING_INFORMATION, 'Phone number').pipe(
    z
      .string()
      .max(FORM_TEXT_MAX.phone, 'Please enter a valid phone number')
      .regex(/^[0-9+().\s-]{5,}$/, 'Please enter a valid phone number'),
  ),
  website: optionalUrl('Website', FORM_TEXT_MAX.website),
  duration: integerIn(
    EXPERT_DURATION_MONTHS.min,
    EXPERT_DURATION_MONTHS.max,
    'Please specify the duration in months',
  ),
  questionsPerWeek: integerIn(
    EXPERT_QUESTIONS_PER_WEEK.min,
    EXPERT_QUESTIONS_PER_WEEK.max,
    'Please specify how many questions you can answer',
  ),
  description: optionalText(FORM_TEXT_MAX.description, 'Description'),
});
export type ExpertApplication = z.infer<typeof ExpertApplication>;

export const RoleChangeBody = z.object({
  role: Role,
  /** Why (required: the audit log keeps it). */
  reason: staffReason(),
});
export type RoleChangeBody = z.infer<typeof RoleChangeBody>;

/** Error bodies of the whole API: a human message, and the field at fault when there is one. */
export const ApiError = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

// The API document keeps the names these schemas were published under.
publishedAs(Expert, 'Creator');
publishedAs(ExpertProfileApplication, 'CreatorProfileApplication');
publishedAs(ExpertProfileStatus, 'CreatorApplicationStatus');
publishedAs(ExpertProfileRecord, 'CreatorProfileRecord');

/**
 * Business constants of the product.
 * The single source of truth: services and browser import these, never literals.
 */

/** Prices are in US cents so money is never a float. */
export const SUBSCRIPTION = {
  priceCents: 1000,
  currency: 'usd',
  interval: 'month',
  creditsPerPeriod: 3,
} as const;

export const CREDIT_PACKAGES = {
  small: { priceCents: 2500, credits: 3 },
  bulk: { priceCents: 5000, credits: 10 },
} as const;
export type CreditPackageName = keyof typeof CREDIT_PACKAGES;

export const CREDITS_PER_QUESTION = 1;

/**
 * Billing's answer to a second subscription. Among the plain constants, not beside the billing
 * schemas: the subscribe page tells the case apart by it, and would otherwise bundle zod.
 */
export const ALREADY_SUBSCRIBED = 'Already Subscribed';

/**
 * The longest note staff may send with an expert application's decision. Here, among the plain
 * constants, and not beside the schemas: a page that only needs the number (the staff dashboard)
 * then bundles no zod.
 */
export const DECISION_NOTE_MAX = 2000;
export const ANSWER_DUE_HOURS = 72;
/** After a lapse the balance is frozen this long; a resubscribe within it restores the credits. */
export const FROZEN_CREDITS_MONTHS = 6;
export const EXPERT_APPLICATION_CONTACT_HOURS = 48;
/**
 * The longest free text the public forms (the expert application, the contact form) take, in
 * characters; the forms show what is left. A form's whole body is capped too (bytes): the sum
 * of these with room for JSON escapes, so a request cannot carry more than a form can hold.
 */
export const FORM_TEXT_MAX = {
  name: 200,
  phone: 40,
  website: 2000,
  subject: 200,
  message: 5000,
  description: 5000,
} as const;
export const FORM_BODY_MAX_BYTES = 64 * 1024;

/** How long the link that confirms a new account's email address stays valid. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/**
 * How long the invitation link of an approved expert application works: it lets the applicant
 * register while waitlist mode closes registration. Long enough for someone who reads their
 * email weekly, short enough that a forgotten link does not stay a way in for good.
 */
export const EXPERT_INVITATION_TTL_DAYS = 30;

/** How long the link of an account an admin created by invitation works (once). */
export const ACCOUNT_INVITATION_TTL_DAYS = 7;

/** How long the link of a password-reset email works (once). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** How long the link that confirms a new email address of an account works (once). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/**
 * Experts are paid per calendar month (UTC): the fees of the answers given in a month are paid
 * out on this day of the following month, once the month is closed and its count final. A balance
 * left unpaid on its payout day is paid on the next one.
 */
export const EXPERT_PAYOUT_DAY_OF_MONTH = 15;

export const BROWSE_PAGE_SIZE = 15;

/**
 * The archive's orders: `newest` answer first (the default), `oldest` first, or `rated`, the
 * asker's stars highest first, unrated answers last, newest first among equals.
 */
export const ARCHIVE_SORTS = ['newest', 'oldest', 'rated'] as const;

export const BROWSE_MAX_PAGE_SIZE = 100;
export const ANONYMOUS_PREVIEW_CHARS = 100;
export const RECENT_QUESTIONS_LIMIT = 5;
/** Questions a page of a member's own list shows. */
export const MY_QUESTIONS_PAGE_SIZE = 10;
export const TOPIC_LIST_INITIAL = 10;
export const TOPIC_LIST_STEP = 10;

export const MIN_LENGTH = {
  questionTitle: 10,
  questionDetails: 20,
  bio: 50,
  credentials: 20,
  expertise: 10,
  brandName: 2,
} as const;

export const EXPERT_DURATION_MONTHS = { min: 1, max: 12 } as const;
export const EXPERT_QUESTIONS_PER_WEEK = { min: 1, max: 10 } as const;
export const EXPERT_MIN_COMMITMENT = { questionsPerWeek: 2, months: 1 } as const;

export const UI_TIMINGS = {
  carouselAutoplayMs: 5000,
  authFailureRedirectMs: 500,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

export const TESTIMONIAL_COUNT = 9;
export const MAX_VISIBLE_TOASTS = 1;

/**
 * Places one member may hold at once in one expert's weekly window (pending, approved, answered
 * or overdue questions; a rejected one gives its place back), so no member can fill a window.
 */
export const MAX_PLACES_PER_MEMBER_PER_WINDOW = 2;

/**
 * How long a closed account's username and email address stay held: registering with them is
 * refused as for a live account, so nobody takes over a name the community just saw, and a
 * member who closed by mistake can still reach support under it. After that they are free.
 */
export const CLOSED_ACCOUNT_HOLD_DAYS = 30;

/** How the archive names the author of an answer whose account was closed. */
export const FORMER_MEMBER = 'a former member';

/**
 * The shortest answer an expert may publish, in characters (after trimming): a member pays for
 * an answer, and a line or two cannot carry the reasoning and the sources one is worth.
 */
export const MIN_ANSWER_LENGTH = 200;

/** How long after publishing an expert may still edit an answer (unless the asker rated it first). */
export const ANSWER_EDIT_HOURS = 24;
/** The expert answers the asker's one follow-up within the same deadline as the question. */
export const FOLLOW_UP_DUE_HOURS = ANSWER_DUE_HOURS;
/** How long after the answer (or a follow-up's missed deadline) its asker may ask for a refund. */
export const REFUND_REQUEST_DAYS = 7;
/** An expert's average rating is shown only once this many answers are rated. */
export const MIN_RATINGS_SHOWN = 3;
export const RATING_COMMENT_MAX = 1000;
export const FOLLOW_UP_MAX = 2000;

/**
 * How long a moderator's decision is held before it is announced (the member and the expert
 * emailed, a rejection refunded): the time its Undo is offered. Held rather than recalled,
 * because an email cannot be unsent. The moderation service may be configured otherwise.
 */
export const DECISION_UNDO_SECONDS = 60;

/** The most credits one adjustment may grant or take back. */
export const MAX_CREDIT_ADJUSTMENT = 100;

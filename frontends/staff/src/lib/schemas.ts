// First: zod must be told before any schema is built (see the module).
import '@uapqa/contracts/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { AccountInvitationBody, CreditAdjustmentBody, TaxonomyBody } from '@uapqa/contracts';

// The API's own schema, so the form refuses what the API would, in its words. Fetched with the
// form's first validation (`import()`): zod stays out of the dashboards' chunks.
export const taxonomy = zodResolver(TaxonomyBody);

export const accountInvitation = zodResolver(AccountInvitationBody);

/** Checked by hand (not a react-hook-form resolver): the credits dialog has two plain fields. */
export const creditAdjustment = CreditAdjustmentBody;

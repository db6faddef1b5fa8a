// First: zod must be told before any schema is built (see the module).
import '@uapqa/contracts/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AnswerBody,
  ExpertApplication,
  ExpertProfileApplication,
  FollowUpAnswerBody,
} from '@uapqa/contracts';

// The API's own schemas, so a form refuses what the API would, in its words. Fetched with a
// form's first focus or validation (`import()`): zod stays out of the pages' first paint.
export const expertApplication = zodResolver(ExpertApplication);
export const expertProfileApplication = zodResolver(ExpertProfileApplication);
/** What the answer form sends: the contract's body, the question fixed by the form's place. */
export const answerContent = zodResolver(AnswerBody.pick({ content: true }));
export const followUpReply = zodResolver(FollowUpAnswerBody);

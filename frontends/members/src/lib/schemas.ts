// First: zod must be told before any schema is built (see the module).
import '@uapqa/contracts/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FollowUpBody,
  LocalCardFields,
  RatingBody,
  RefundRequestBody,
  SubmitQuestionBody,
} from '@uapqa/contracts';

// The API's own schemas, so a form refuses what the API would, in its words. Fetched with a
// form's first focus or validation (`import()`): zod stays out of the pages' first paint.
export const submitQuestion = zodResolver(SubmitQuestionBody);
export const localCard = zodResolver(LocalCardFields);
export const rating = zodResolver(RatingBody);
export const followUp = zodResolver(FollowUpBody);
export const refundRequest = zodResolver(RefundRequestBody);

import { lazyResolver } from '@uapqa/ui/lazy-resolver';

/* The after-answer forms' resolvers: zod and the schemas come with the first validation. */
const schemas = () => import('../schemas');

export const ratingResolver = lazyResolver(() => schemas().then((module) => module.rating));
export const followUpResolver = lazyResolver(() => schemas().then((module) => module.followUp));
export const refundResolver = lazyResolver(() => schemas().then((module) => module.refundRequest));

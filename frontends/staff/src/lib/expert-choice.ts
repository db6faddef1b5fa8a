import type { Expert, ModerationItem } from '@uapqa/contracts';
import { expertName } from '@uapqa/ui';

/** The expert the member asked, by name once moderation knows them. */
export function askedName(item: ModerationItem): string {
  return item.creator ? expertName(item.creator) : `expert #${item.assignedCreatorId}`;
}

/**
 * The moderation panel's expert choice: the expert asked ('' keeps them), then every other
 * expert. An expert no longer listed cannot be assigned: staff choose another or reject.
 */
export function expertOptions(
  item: ModerationItem,
  experts: Expert[],
): Array<{ value: string; label: string }> {
  return [
    ...(item.expertListed
      ? [
          {
            value: '',
            label: item.creator
              ? `Expert asked: ${expertName(item.creator)}`
              : 'The expert the member asked',
          },
        ]
      : []),
    ...experts
      .filter((expert) => expert.userId !== item.assignedCreatorId)
      .map((expert) => ({ value: String(expert.userId), label: expertName(expert) })),
  ];
}

import type { Creator, ModerationItem } from '@uapqa/contracts';
import { creatorName } from '@uapqa/ui';

/** The expert the member asked, by name once moderation knows them. */
export function askedName(item: ModerationItem): string {
  return item.creator ? creatorName(item.creator) : `expert #${item.assignedCreatorId}`;
}

/**
 * The moderation panel's expert choice: the expert asked ('' keeps them), then every other
 * expert. An expert no longer listed cannot be assigned: staff choose another or reject.
 */
export function expertOptions(
  item: ModerationItem,
  experts: Creator[],
): Array<{ value: string; label: string }> {
  return [
    ...(item.expertListed
      ? [
          {
            value: '',
            label: item.creator
              ? `Expert asked: ${creatorName(item.creator)}`
              : 'The expert the member asked',
          },
        ]
      : []),
    ...experts
      .filter((creator) => creator.userId !== item.assignedCreatorId)
      .map((creator) => ({ value: String(creator.userId), label: creatorName(creator) })),
  ];
}

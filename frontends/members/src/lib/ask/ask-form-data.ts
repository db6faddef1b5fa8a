import type { Expert, MyWindowPlaces, QuestionWindow, TaxonomyItem } from '@uapqa/contracts';
import { getJson, handleIfUnauthorized, toast } from '@uapqa/ui';
import { useNavigate } from '@uapqa/ui/router';
import { startTransition, useEffect, useState } from 'react';
import { expertProfile } from '../experts';
import { describeHeldPlaces } from '../windows';

export type ExpertWithWindow = Expert & { window?: Omit<QuestionWindow, 'creatorId'> };

export interface FormData {
  /** The experts the member may ask: never themselves. */
  experts: ExpertWithWindow[];
  categories: TaxonomyItem[];
  tags: TaxonomyItem[];
  /** The places the member holds in each expert's current window, by expert user id. */
  places?: Map<number, MyWindowPlaces>;
}

const firstName = (expert: ExpertWithWindow) =>
  expert.user?.firstName || expertProfile(expert).name;

/** What the member is told of their places with this expert, once they hold all they may. */
export const heldNote = (data: FormData, expert: ExpertWithWindow | undefined) =>
  expert ? describeHeldPlaces(data.places?.get(expert.userId), firstName(expert)) : '';

/** The experts, categories, topics and held places the ask form offers `user`; null until loaded. */
export function useAskFormData(user: { id: number } | null): FormData | null {
  const navigate = useNavigate();
  const [data, setData] = useState<FormData | null>(null);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    Promise.all([
      getJson<ExpertWithWindow[]>('/api/creators'),
      getJson<TaxonomyItem[]>('/api/categories'),
      getJson<TaxonomyItem[]>('/api/tags'),
      getJson<MyWindowPlaces[]>('/api/my-questions/places'),
    ])
      .then(([experts, categories, tags, places]) => {
        if (cancelled) return;
        // A transition: the form is drawn in slices, so the page answers taps while it is.
        startTransition(() =>
          setData({
            // An expert asking a question cannot ask themselves.
            experts: experts.filter((expert) => expert.userId !== user.id),
            categories,
            tags,
            places: new Map(places.map((held) => [held.creatorId, held])),
          }),
        );
      })
      .catch((error) => {
        if (handleIfUnauthorized(error, navigate)) return;
        toast({
          title: 'Error',
          description: 'Failed to load form data. Please try again.',
          variant: 'destructive',
        });
      });
    return () => {
      cancelled = true;
    };
  }, [user, navigate]);

  return data;
}

/**
 * Why a moderator rejects a question: one of a few reasons the member reads (on the question's
 * page, in My Questions and in the email), with an optional note of the moderator's own.
 */
export const REJECTION_REASONS = [
  'off_topic',
  'duplicate',
  'not_a_question',
  'personal_information',
  'abusive',
  'other',
] as const;

/** Each reason as the member reads it. */
export const REJECTION_REASON_LABELS: Readonly<Record<(typeof REJECTION_REASONS)[number], string>> =
  {
    off_topic: 'It is not about UFOs, UAP or their investigation.',
    duplicate: 'It has already been asked and answered in the archive.',
    not_a_question: 'It does not ask a question an expert could answer.',
    personal_information: 'It shares personal information about someone.',
    abusive: 'It is abusive or breaks the rules of the site.',
    other: 'It cannot be accepted as it stands.',
  };

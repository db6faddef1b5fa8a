import { expertProfiles, users } from './db/schema.js';

/** What the public reads of an expert, from their profile joined to their account. */
export const PUBLIC_EXPERT_COLUMNS = {
  id: expertProfiles.id,
  userId: expertProfiles.userId,
  handle: users.username,
  brandName: expertProfiles.brandName,
  bio: expertProfiles.bio,
  expertise: expertProfiles.expertise,
  questionsPerWeek: expertProfiles.questionsPerWeek,
  title: expertProfiles.title,
  avatarColor: expertProfiles.avatarColor,
  firstName: users.firstName,
  lastName: users.lastName,
};

import { QuestionIdParam } from '@uapqa/contracts';

export const NO_SUCH_QUESTION = 'No such question.';

/**
 * A question named by the path. An id that cannot exist is not found, as on the question's page:
 * whether a question exists is not told by how its id is spelt.
 */
export const byQuestionId = { params: QuestionIdParam, paramsNotFound: NO_SUCH_QUESTION };

export { type QuestionsConfig, questionsConfigSchema } from './config.js';
export { type QuestionsInstance, type QuestionsServiceOptions, startQuestions } from './service.js';

export { type QuestionsConfig, questionsConfigSchema } from './config.js';
export { questionsService } from './descriptor.js';
export { type QuestionsInstance, startQuestions } from './service.js';

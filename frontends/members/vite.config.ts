import { remoteViteConfig } from '@uapqa/ui/remote-vite-config';
import { defineConfig } from 'vite';

/** The members remote: browsing, experts' pages, asking, the member's questions and subscription. */
export default defineConfig(
  remoteViteConfig('members', {
    './BrowseQA': './src/pages/BrowseQA.tsx',
    './Dashboard': './src/pages/Dashboard.tsx',
    './MyQuestions': './src/pages/MyQuestions.tsx',
    './QuestionPage': './src/pages/QuestionPage.tsx',
    './ExpertProfile': './src/pages/ExpertProfile.tsx',
    './SubmitQuestion': './src/pages/SubmitQuestion.tsx',
    './Subscribe': './src/pages/Subscribe.tsx',
  }),
);

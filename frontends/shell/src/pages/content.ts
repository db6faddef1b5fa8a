/** Static copy of the landing page. */

export const HOW_IT_WORKS = [
  {
    title: 'Subscribe',
    text: 'Join for $10 a month: unlimited access to the answer archive and 3 FOIA credits every month.',
  },
  {
    title: 'Ask Questions',
    text: 'Spend 1 credit to put your question to the verified expert of your choice.',
  },
  {
    title: 'Get Answers',
    text: 'A moderator reviews your question and the expert answers within 72 hours.',
  },
] as const;

export const TESTIMONIALS = [
  {
    name: 'Sarah M.',
    designation: 'Member since launch',
    quote: 'I finally got a straight answer about a sighting I had in 1997. Worth every credit.',
  },
  {
    name: 'James R.',
    designation: 'Aviation enthusiast',
    quote: 'The depth of the answers on radar cases is unlike anything I have read online.',
  },
  {
    name: 'Priya K.',
    designation: 'Researcher',
    quote: 'Having direct access to people who have spent decades on this is priceless.',
  },
  {
    name: 'Tom B.',
    designation: 'Retired pilot',
    quote: 'My question about a 1980s encounter was answered with sources I could verify.',
  },
  {
    name: 'Elena V.',
    designation: 'Documentary fan',
    quote: 'The archive alone is worth the subscription. I read it every evening.',
  },
  {
    name: 'Marcus L.',
    designation: 'Skeptic turned member',
    quote: 'Measured, evidence-based answers. No hype, just careful investigation.',
  },
  {
    name: 'Aiko T.',
    designation: 'Science teacher',
    quote: 'I use the archive to show my students how to weigh evidence.',
  },
  {
    name: 'David H.',
    designation: 'FOIA hobbyist',
    quote: 'The experts pointed me to documents I did not know existed.',
  },
  {
    name: 'Grace O.',
    designation: 'Experiencer',
    quote: 'I felt heard. The answer I received was thoughtful and respectful.',
  },
] as const;

export const FAQ = [
  {
    question: 'What do I get with a subscription?',
    answer:
      'Unlimited access to the full Q&A archive and 3 FOIA credits every month, for $10 a month.',
  },
  {
    question: 'What is a FOIA credit?',
    answer:
      'A credit lets you submit one question to the expert of your choice. You can buy more credits at any time.',
  },
  {
    question: 'How quickly will my question be answered?',
    answer:
      'After a moderator approves your question, the expert answers within 72 hours. If not, your credit is refunded.',
  },
  {
    question: 'Do my credits expire?',
    answer:
      'Credits never expire while you are subscribed. If you come back within 6 months, your unused credits are waiting for you.',
  },
  {
    question: 'Who are the experts?',
    answer:
      'Verified researchers, journalists, historians and investigators who have studied the phenomenon for years.',
  },
] as const;

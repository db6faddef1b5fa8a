import styled from 'styled-components';

/** One step after the answer (rating, follow-up, refund), set apart under the answer. */
export const Section = styled.section`
  display: grid;
  gap: 0.6rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: 1rem;
  h2 { font-size: 1.05rem; margin: 0; }
  form { display: grid; gap: 0.75rem; }
  form > button { justify-self: start; }
`;

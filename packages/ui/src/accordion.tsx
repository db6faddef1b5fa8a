/** In the main entry `@uapqa/ui`: the landing page's FAQ renders it on `/`. */
import { Accordion as AccordionPrimitive } from 'radix-ui';
import styled from 'styled-components';

/* Accordion: one item open at a time, collapsible (the FAQ). */
export const AccordionItem = styled(AccordionPrimitive.Item)`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const AccordionTriggerStyled = styled(AccordionPrimitive.Trigger)`
  width: 100%;
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 1rem 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &::after { content: '+'; font-size: 1.25rem; color: ${({ theme }) => theme.colors.primary}; }
  &[data-state='open']::after { content: '−'; }
`;
const AccordionContentStyled = styled(AccordionPrimitive.Content)`
  color: ${({ theme }) => theme.colors.muted};
  padding-bottom: 1rem;
`;

export function Accordion({
  items,
}: {
  items: ReadonlyArray<{ question: string; answer: string }>;
}) {
  return (
    <AccordionPrimitive.Root type="single" collapsible>
      {items.map((item) => (
        <AccordionItem key={item.question} value={item.question}>
          <AccordionPrimitive.Header style={{ margin: 0 }}>
            <AccordionTriggerStyled>{item.question}</AccordionTriggerStyled>
          </AccordionPrimitive.Header>
          <AccordionContentStyled>{item.answer}</AccordionContentStyled>
        </AccordionItem>
      ))}
    </AccordionPrimitive.Root>
  );
}

import styled from 'styled-components';

const Row = styled.span`
  color: ${({ theme }) => theme.colors.yellow};
  letter-spacing: 0.1em;
`;

/** A rating as stars, read out as words ("4 out of 5 stars"). */
export function Stars({ stars }: { stars: number }) {
  return (
    <Row role="img" aria-label={`${stars} out of 5 stars`}>
      {'★'.repeat(stars)}
      <span style={{ opacity: 0.35 }}>{'★'.repeat(5 - stars)}</span>
    </Row>
  );
}

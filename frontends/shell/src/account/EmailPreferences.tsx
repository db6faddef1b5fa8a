import {
  EMAIL_KIND_INFO,
  type EmailKind,
  type EmailPreferences as Preferences,
  SWITCHABLE_EMAIL_KINDS,
  type SwitchableEmailKind,
} from '@uapqa/contracts';
import { apiRequest, Button, ErrorText, Muted, Spinner, serverMessage, toast } from '@uapqa/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { EmailSwitch } from './EmailSwitch';

const PATH = '/api/account/email-preferences';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
`;
const Row = styled.li`
  display: flex;
  gap: 1rem;
  align-items: flex-start;
  justify-content: space-between;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;
const Text = styled.div`
  min-width: 0;
  label, strong { font-weight: 600; display: block; }
  p { margin: 0.15rem 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: 0.9rem; }
`;
const SubHeading = styled.h3`
  font-size: 1rem;
  margin: 1.25rem 0 0.25rem;
`;

function KindRow(props: {
  kind: EmailKind;
  checked: boolean;
  disabled?: boolean;
  note?: string;
  onChange?: (on: boolean) => void;
}) {
  const id = useId();
  const info = EMAIL_KIND_INFO[props.kind];
  return (
    <Row data-testid={`email-kind-${props.kind}`}>
      <Text>
        <label htmlFor={id}>{info.label}</label>
        <p id={`${id}-about`}>
          {info.description}
          {props.note ? ` ${props.note}` : ''}
        </p>
      </Text>
      <EmailSwitch
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        describedBy={`${id}-about`}
        onChange={props.onChange}
      />
    </Row>
  );
}

/**
 * The "Emails" section of the account page (its card and heading are the page's): a switch for
 * each kind of email a member may turn off, saved as soon as it is pressed, and the kinds always
 * sent, shown on and disabled with the reason.
 */
export function EmailPreferences() {
  const { data, error, mutate, isLoading } = useSWR<Preferences>(PATH);
  const [saving, setSaving] = useState<SwitchableEmailKind | null>(null);

  async function change(kind: SwitchableEmailKind, on: boolean) {
    if (!data) return;
    setSaving(kind);
    const optimistic = { ...data, preferences: { ...data.preferences, [kind]: on } };
    try {
      await mutate(
        async () => (await apiRequest('PUT', PATH, { [kind]: on })).json() as Promise<Preferences>,
        { optimisticData: optimistic, rollbackOnError: true, revalidate: false },
      );
      toast({
        title: on ? 'Switched on' : 'Switched off',
        description: `${EMAIL_KIND_INFO[kind].label} emails are ${on ? 'on' : 'off'}.`,
      });
    } catch (failure) {
      toast({
        title: 'Not saved',
        description: serverMessage(failure) ?? 'Your choice was not saved. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(null);
    }
  }

  return (
    <div data-testid="email-preferences">
      <Muted style={{ marginTop: 0 }}>
        Choose what we email you. Each of these emails also has a link to switch its kind off.
      </Muted>
      {isLoading ? <Spinner label="Loading your email settings" /> : null}
      {error ? (
        <div role="alert">
          <ErrorText>
            {serverMessage(error) ?? 'Your email settings could not be loaded.'}
          </ErrorText>
          <Button $variant="secondary" onClick={() => void mutate()}>
            Retry
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          <List>
            {SWITCHABLE_EMAIL_KINDS.map((kind) => (
              <KindRow
                key={kind}
                kind={kind}
                checked={data.preferences[kind]}
                disabled={saving === kind}
                onChange={(on) => void change(kind, on)}
              />
            ))}
          </List>
          <SubHeading>Always sent</SubHeading>
          <List>
            {data.alwaysSent.map((kind) => (
              <KindRow
                key={kind}
                kind={kind}
                checked
                disabled
                note={EMAIL_KIND_INFO[kind].alwaysSentBecause}
              />
            ))}
          </List>
        </>
      ) : null}
    </div>
  );
}

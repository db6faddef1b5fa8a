import { apiRequest, Muted, toast, useWaitlist } from '@uapqa/ui';
import { Switch } from '@uapqa/ui/controls';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useStaffErrors } from '../lib/access';
import { Section } from '../lib/sections';

const WAITLIST_KEY = '/api/waitlist/status';

/** Waitlist Mode: POST /api/admin/settings/waitlist_enabled { value: 'true' | 'false' }. */
export function WaitlistSwitch() {
  const { waitlistEnabled, isLoading } = useWaitlist();
  const { mutate } = useSWRConfig();
  const onError = useStaffErrors();
  const [saving, setSaving] = useState(false);

  async function change(enabled: boolean) {
    setSaving(true);
    try {
      await apiRequest('POST', '/api/admin/settings/waitlist_enabled', {
        value: enabled ? 'true' : 'false',
      });
      await mutate(WAITLIST_KEY, { waitlistEnabled: enabled }, { revalidate: false });
      toast({
        title: 'Waitlist Updated',
        description: enabled
          ? 'Waitlist mode is on: visitors can join the waitlist, registration is closed.'
          : 'Waitlist mode is off: visitors can register again.',
      });
    } catch (error) {
      onError(error, {
        title: 'Update Failed',
        description: 'The waitlist setting could not be changed. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section data-testid="waitlist-mode">
      <div style={{ display: 'flex', alignItems: 'center', gap: '1rem' }}>
        <div style={{ marginRight: 'auto' }}>
          <h2 style={{ margin: 0 }}>
            <label htmlFor="waitlist-mode">Waitlist Mode</label>
          </h2>
          <Muted style={{ fontSize: '0.85rem' }}>
            When on, join buttons read Join Waitlist and registration is closed.
          </Muted>
        </div>
        <Switch
          id="waitlist-mode"
          aria-label="Waitlist Mode"
          checked={waitlistEnabled}
          onCheckedChange={(checked) => void change(checked)}
          disabled={isLoading || saving}
        />
      </div>
    </Section>
  );
}

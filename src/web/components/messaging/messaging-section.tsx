import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, MessageCircleIcon, SendIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ChannelSettingsDto, MessagingChannelName } from '#shared/schemas/messaging.ts';
import { SettingsCard } from '#web/components/company/settings-card.tsx';
import { ConfirmButton } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast, toastError } from '#web/lib/toast.ts';

const channelPath = (companyId: string, channel: MessagingChannelName) =>
  `/api/companies/${companyId}/channels/${channel}`;

type Field = { name: string; label: string; hint?: string; secret?: boolean; placeholder?: string };

/** The server checks with the channel's schema and answers `{ errors: { field: message } }`. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return (error.body as { errors?: Record<string, string> } | null)?.errors ?? {};
}

const FIELDS: Record<MessagingChannelName, Field[]> = {
  sms: [
    { name: 'accountSid', label: 'Account SID', placeholder: 'AC…' },
    { name: 'authToken', label: 'Auth token', secret: true },
    { name: 'from', label: 'From', hint: 'Your Twilio number (+44…) or a messaging service SID (MG…)' },
  ],
  whatsapp: [
    { name: 'phoneNumberId', label: 'Phone number ID' },
    { name: 'accessToken', label: 'Access token', secret: true, hint: 'A permanent token of a system user' },
    { name: 'appSecret', label: 'App secret', secret: true },
    {
      name: 'enquiryInvite',
      label: 'Template for the first reply to an enquiry',
      hint: 'Optional: its name as approved in Meta, e.g. enquiry_invite',
    },
    {
      name: 'viewingReminder',
      label: 'Template for viewing reminders',
      hint: 'Optional, e.g. viewing_reminder',
    },
  ],
};

const STEPS: Record<MessagingChannelName, string[]> = {
  sms: [
    'In the Twilio console, buy a UK number that can send SMS (or make a messaging service).',
    'Copy the account SID and auth token from the console’s front page into the form below.',
    'Under Phone Numbers, your number, Messaging: set “A message comes in” to the webhook URL below (HTTP POST).',
    'Save, then send yourself a test message.',
  ],
  whatsapp: [
    'In Meta for Developers, create a Business app and add the WhatsApp product.',
    'Under WhatsApp, API setup: copy the phone number ID; create a permanent access token for a system user.',
    'Under App settings, Basic: copy the app secret.',
    'Save below, then under WhatsApp, Configuration: paste the webhook URL and the verify token, and subscribe to “messages”.',
    'Submit the templates in docs/messaging.md for approval and type their names here.',
  ],
};

/** The Messaging card: connect Twilio (SMS) and the WhatsApp Cloud API, with the set-up steps. */
export function MessagingSection({ companyId }: { companyId: string }) {
  return (
    <SettingsCard
      title="Messaging"
      description="Tenants answer WhatsApp and texts. Connect your own number and the assistant replies there, books viewings and makes leads as it does on the web chat."
      className="space-y-8"
    >
      <ChannelForm companyId={companyId} channel="whatsapp" title="WhatsApp (Meta WhatsApp Cloud API)" />
      <ChannelForm companyId={companyId} channel="sms" title="SMS (Twilio)" />
    </SettingsCard>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = `copy-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          aria-label={`Copy the ${label.toLowerCase()}`}
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? (
            <CheckIcon className="size-4" aria-hidden="true" />
          ) : (
            <CopyIcon className="size-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

function ChannelForm({
  companyId,
  channel,
  title,
}: {
  companyId: string;
  channel: MessagingChannelName;
  title: string;
}) {
  const queryClient = useQueryClient();
  const key = ['channels', companyId, channel];
  const settings = useQuery<ChannelSettingsDto>({
    queryKey: key,
    queryFn: () => apiRequest('GET', channelPath(companyId, channel)),
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [testTo, setTestTo] = useState('');
  const save = useMutation({
    mutationFn: (body: Record<string, string>) =>
      apiRequest<ChannelSettingsDto>('PUT', channelPath(companyId, channel), body),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setValues({});
      setError(null);
      setFieldErrors({});
      toast({ title: `${channel === 'sms' ? 'SMS' : 'WhatsApp'} connected` });
    },
    onError: (e) => {
      const byField = fieldErrorsOf(e);
      setFieldErrors(byField);
      // A message under its field says it there; the line below the form says the rest.
      setError(
        FIELDS[channel].some((field) => byField[field.name])
          ? null
          : errorMessage(e, 'The settings could not be saved.'),
      );
      const first = FIELDS[channel].find((field) => byField[field.name]);
      if (first) document.getElementById(`${channel}-${first.name}`)?.focus();
    },
  });
  const channelName = channel === 'sms' ? 'SMS' : 'WhatsApp';
  const disconnect = useMutation({
    mutationFn: () => apiRequest('DELETE', channelPath(companyId, channel)),
    onSuccess: () => {
      toast({ title: `${channelName} disconnected` });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => toastError(`${channelName} not disconnected`, e),
  });
  const test = useMutation({
    mutationFn: () =>
      apiRequest<{ status: string; to: string }>('POST', `${channelPath(companyId, channel)}/test`, {
        to: testTo,
      }),
    onSuccess: (data) => toast({ title: `Test message ${data.status} to ${data.to}` }),
    onError: (e) =>
      toast({ title: errorMessage(e, 'The test message could not be sent.'), variant: 'destructive' }),
  });
  const data = settings.data;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, string> = {};
    for (const field of FIELDS[channel]) {
      const typed = values[field.name];
      const current = data?.[field.name as keyof ChannelSettingsDto];
      body[field.name] = typed ?? (field.secret ? '' : typeof current === 'string' ? current : '');
    }
    save.mutate(body);
  };
  const headingId = `channel-${channel}`;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="flex items-start gap-2 font-semibold">
          <MessageCircleIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          {title}
        </h3>
        {data ? (
          data.connected ? (
            <Badge>Connected</Badge>
          ) : data.devOutbox ? (
            <Badge variant="secondary">Development outbox</Badge>
          ) : (
            <Badge variant="secondary">Not connected</Badge>
          )
        ) : null}
      </div>
      {settings.isPending ? (
        <Spinner />
      ) : !data ? (
        <p role="alert" className="text-destructive">
          Could not load the settings.
        </p>
      ) : (
        <>
          {data.devOutbox ? (
            <p className="text-sm text-muted-foreground">
              Nothing is connected, so messages go to the development outbox at{' '}
              <a className="text-primary underline" href="/dev/messages">
                /dev/messages
              </a>
              ; play a tenant on{' '}
              <a className="text-primary underline" href="/dev/phone">
                /dev/phone
              </a>
              .
            </p>
          ) : null}
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            {STEPS[channel].map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <div className="grid gap-3">
            <CopyField
              label={channel === 'sms' ? 'SMS webhook URL' : 'WhatsApp webhook URL'}
              value={data.webhookUrl}
            />
            {data.verifyToken ? <CopyField label="Verify token" value={data.verifyToken} /> : null}
          </div>
          <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2" aria-label={`${title} settings`}>
            {FIELDS[channel].map((field) => {
              const current = data[field.name as keyof ChannelSettingsDto];
              const id = `${channel}-${field.name}`;
              return (
                <FormField
                  key={field.name}
                  label={field.label}
                  description={field.hint}
                  error={fieldErrors[field.name]}
                >
                  <Input
                    id={id}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete="off"
                    placeholder={
                      field.secret && typeof current === 'string' ? `Saved (${current})` : field.placeholder
                    }
                    value={
                      values[field.name] ?? (field.secret ? '' : typeof current === 'string' ? current : '')
                    }
                    onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  />
                </FormField>
              );
            })}
            {error ? (
              <p role="alert" className="text-sm text-destructive sm:col-span-2">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <PendingButton type="submit" isPending={save.isPending}>
                {data.connected ? 'Save changes' : 'Connect'}
              </PendingButton>
              {data.connected ? (
                // Disconnecting erases the saved credentials: it asks first, as revoking an API key does.
                <ConfirmButton
                  trigger={
                    <PendingButton type="button" variant="outline" isPending={disconnect.isPending}>
                      Disconnect
                    </PendingButton>
                  }
                  title={`Disconnect ${channelName}?`}
                  description={`The saved ${channelName} credentials are erased, and the assistant stops answering on ${channelName} until you connect again.`}
                  action="Disconnect"
                  onConfirm={() => disconnect.mutate()}
                />
              ) : null}
            </div>
          </form>
          {data.connected || data.devOutbox ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                test.mutate();
              }}
            >
              <div className="space-y-1">
                <Label htmlFor={`${channel}-test-to`}>Send a test message to</Label>
                <Input
                  id={`${channel}-test-to`}
                  inputMode="tel"
                  placeholder="07700 900123"
                  value={testTo}
                  onChange={(e) => setTestTo(e.target.value)}
                />
              </div>
              <PendingButton
                type="submit"
                variant="outline"
                isPending={test.isPending}
                disabled={!testTo.trim()}
                icon={SendIcon}
              >
                Send a test message
              </PendingButton>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}

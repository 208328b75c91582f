import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckIcon,
  ChevronDownIcon,
  ListChecksIcon,
  PlusIcon,
  PowerIcon,
  RefreshCwIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDateTime } from '#shared/format.ts';
import {
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEndpointFormValues,
  webhookEndpointInputSchema,
  webhookEventLabels,
  webhookEventTypes,
} from '#shared/schemas/integrations.ts';
import { validationModes } from '#web/components/auth/form-options.ts';
import { useFormFailure } from '#web/components/auth/server-errors.ts';
import { QueryList, SettingsCard } from '#web/components/company/settings-card.tsx';
import { useFailureToast } from '#web/components/dashboard/dashboard-api.ts';
import { ConfirmButton } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { CreateFormFrame } from './create-form-frame.tsx';
import {
  useCreateEndpoint,
  useDeleteEndpoint,
  useDeliveries,
  useRotateSecret,
  useSendNow,
  useUpdateEndpoint,
  useWebhookEndpoints,
} from './integrations-api.ts';
import { type RevealedSecret, SecretRevealDialog } from './secret-reveal-dialog.tsx';
import { useCreateForm } from './use-create-form.ts';

/** Webhooks: where LetLead POSTs each chosen event, signed, with a log of every attempt. */
export function WebhooksSection({ companyId }: { companyId: string }) {
  const endpoints = useWebhookEndpoints(companyId);
  const [secret, setSecret] = useState<RevealedSecret | null>(null);
  const reveal = (value: string, isRotation: boolean) =>
    setSecret({
      title: isRotation ? 'New signing secret' : 'Endpoint added',
      description: isRotation
        ? 'Update your receiver with this secret. The old one keeps signing beside it for 24 hours.'
        : 'Your receiver checks each event’s signature with this signing secret.',
      value,
    });

  return (
    <SettingsCard
      title="Webhooks"
      description="LetLead sends each event you choose to your URL as it happens, signed per the Standard Webhooks specification, and tries again for about a day when your receiver does not answer."
      className="space-y-6"
    >
      <AddEndpointForm companyId={companyId} onCreated={(value) => reveal(value, false)} />
      <QueryList
        query={endpoints}
        loadingLabel="Loading endpoints"
        subject="your endpoints"
        empty={{ when: (data) => data.length === 0, text: 'No endpoints yet.' }}
      >
        {(data) => (
          <ul className="space-y-4" aria-label="Webhook endpoints">
            {data.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointItem
                  companyId={companyId}
                  endpoint={endpoint}
                  onRotated={(value) => reveal(value, true)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <SecretRevealDialog secret={secret} onClose={() => setSecret(null)} />
    </SettingsCard>
  );
}

function AddEndpointForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateEndpoint(companyId);
  const { form, handleSubmit } = useCreateForm({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', events: ['lead.created'] } satisfies WebhookEndpointFormValues,
    create,
    failureTitle: 'Endpoint not added',
    onCreated: (created) => onCreated(created.secret),
  });
  const { errors } = form.formState;

  return (
    <CreateFormFrame
      onSubmit={handleSubmit}
      isPending={create.isPending}
      icon={PlusIcon}
      submitLabel="Add endpoint"
    >
      <FormField
        label="Endpoint URL"
        error={errors.url?.message}
        description="An https:// address of your own."
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/letlead"
          {...form.register('url')}
        />
      </FormField>
      <EventsField
        registration={form.register('events')}
        error={errors.events}
        errorId="webhook-events-error"
      />
    </CreateFormFrame>
  );
}

const eventOptions = webhookEventTypes.map((type) => ({
  value: type,
  label: (
    <>
      {webhookEventLabels[type]} <code className="text-xs text-muted-foreground">{type}</code>
    </>
  ),
}));

/** The events an endpoint receives: one checkbox each, at least one. */
function EventsField({
  registration,
  error,
  errorId,
}: {
  registration: UseFormRegisterReturn;
  error: { message?: string } | undefined;
  errorId: string;
}) {
  return (
    <CheckboxGroup
      legend="Events"
      options={eventOptions}
      registration={registration}
      error={error && (error.message ?? 'Choose at least one event')}
      errorId={errorId}
    />
  );
}

const eventsSchema = webhookEndpointInputSchema.pick({ events: true });

/** An endpoint's events, changed in place: its address, secret and delivery log stay as they are. */
function ChangeEventsForm({
  companyId,
  endpoint,
  onDone,
}: {
  companyId: string;
  endpoint: WebhookEndpointDto;
  onDone: () => void;
}) {
  const update = useUpdateEndpoint(companyId);
  const form = useForm<z.input<typeof eventsSchema>, unknown, z.output<typeof eventsSchema>>({
    resolver: zodResolver(eventsSchema),
    defaultValues: { events: endpoint.events },
    ...validationModes,
  });
  const showFailure = useFormFailure(form, ['events']);
  const handleSubmit = form.handleSubmit(({ events }) =>
    update.mutate(
      { id: endpoint.id, input: { events } },
      {
        onSuccess: () => {
          toast({ title: 'Events saved', description: `${endpoint.url} now receives the events you chose.` });
          onDone();
        },
        onError: (error) => showFailure(error, 'Events not saved'),
      },
    ),
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3" aria-label="Change events">
      <EventsField
        registration={form.register('events')}
        error={form.formState.errors.events}
        errorId={`webhook-events-error-${endpoint.id}`}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <PendingButton type="submit" isPending={update.isPending} icon={CheckIcon}>
          Save events
        </PendingButton>
      </div>
    </form>
  );
}

function EndpointItem({
  companyId,
  endpoint,
  onRotated,
}: {
  companyId: string;
  endpoint: WebhookEndpointDto;
  onRotated: (secret: string) => void;
}) {
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isChangingEvents, setIsChangingEvents] = useState(false);
  const update = useUpdateEndpoint(companyId);
  const remove = useDeleteEndpoint(companyId);
  const rotate = useRotateSecret();
  const sendNow = useSendNow(companyId, endpoint.id);
  const toastFailure = useFailureToast();
  const failed = (title: string) => (error: unknown) => toastFailure(error, title);
  const logId = `webhook-log-${endpoint.id}`;

  const handleTest = () =>
    sendNow.mutate(null, {
      onSuccess: (delivery) => {
        setIsLogOpen(true);
        toast(
          isDelivered(delivery)
            ? { title: 'Test event delivered', description: `Your receiver answered ${delivery.statusCode}.` }
            : {
                title: 'Test event not delivered',
                description: deliveryOutcome(delivery),
                variant: 'destructive',
              },
        );
      },
      onError: failed('Test event not sent'),
    });

  const handleRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: (r) => onRotated(r.secret),
      onError: failed('Secret not rotated'),
    });

  return (
    <article
      className="space-y-3 rounded-lg border border-border p-4"
      aria-label={`Endpoint ${endpoint.url}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-mono text-sm break-all">{endpoint.url}</p>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {isChangingEvents ? (
        <ChangeEventsForm
          companyId={companyId}
          endpoint={endpoint}
          onDone={() => setIsChangingEvents(false)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {endpoint.events.map((type) => webhookEventLabels[type]).join(' · ')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {endpoint.enabled ? null : (
          <PendingButton
            onClick={() =>
              update.mutate(
                { id: endpoint.id, input: { enabled: true } },
                { onError: failed('Not switched on') },
              )
            }
            isPending={update.isPending}
            icon={PowerIcon}
          >
            Switch on
          </PendingButton>
        )}
        <PendingButton variant="outline" onClick={handleTest} isPending={sendNow.isPending} icon={SendIcon}>
          Send test event
        </PendingButton>
        {isChangingEvents ? null : (
          <Button variant="outline" onClick={() => setIsChangingEvents(true)}>
            <ListChecksIcon aria-hidden="true" />
            Change events
          </Button>
        )}
        <PendingButton
          variant="outline"
          onClick={handleRotate}
          isPending={rotate.isPending}
          icon={RefreshCwIcon}
        >
          Rotate secret
        </PendingButton>
        <Button
          variant="ghost"
          aria-expanded={isLogOpen}
          aria-controls={logId}
          onClick={() => setIsLogOpen((open) => !open)}
        >
          <ChevronDownIcon aria-hidden="true" className={isLogOpen ? 'rotate-180' : undefined} />
          Delivery log
        </Button>
        <ConfirmButton
          trigger={
            <Button variant="ghost" className="text-destructive">
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this endpoint?"
          description={`No more events go to ${endpoint.url}, and its delivery log is deleted with it.`}
          action="Delete endpoint"
          onConfirm={() => remove.mutate(endpoint.id, { onError: failed('Endpoint not deleted') })}
        />
      </div>
      {isLogOpen ? (
        <DeliveryLog
          id={logId}
          endpointId={endpoint.id}
          onResend={(id) => sendNow.mutate(id, { onError: failed('Not resent') })}
          isSending={sendNow.isPending}
        />
      ) : null}
    </article>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpointDto }) {
  if (!endpoint.enabled) {
    return (
      <Badge variant="danger">
        {endpoint.disabledAt ? `Switched off ${formatDateTime(endpoint.disabledAt)}` : 'Switched off'}
      </Badge>
    );
  }
  if (endpoint.failingSince) {
    return <Badge variant="warning">Failing since {formatDateTime(endpoint.failingSince)}</Badge>;
  }
  return <Badge variant="success">Active</Badge>;
}

function DeliveryLog({
  id,
  endpointId,
  onResend,
  isSending,
}: {
  id: string;
  endpointId: string;
  onResend: (deliveryId: string) => void;
  isSending: boolean;
}) {
  const deliveries = useDeliveries(endpointId, true);
  return (
    <section id={id} aria-label="Delivery log" className="space-y-2 border-t border-border pt-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">The latest 50 attempts, newest first.</p>
        <Button
          variant="ghost"
          onClick={() => deliveries.refetch()}
          disabled={deliveries.isFetching}
          aria-label="Refresh the delivery log"
        >
          <RefreshCwIcon aria-hidden="true" className={deliveries.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {deliveries.isPending ? (
        <Spinner label="Loading the delivery log" />
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the delivery log.
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing sent yet. Send a test event to try the endpoint.
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {deliveries.data.map((delivery) => (
            <li
              key={delivery.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <div className="min-w-0 space-y-0.5">
                <p>
                  <span className="font-medium">{delivery.eventType}</span>{' '}
                  <span className="text-muted-foreground">
                    {formatDateTime(delivery.createdAt)} · attempt {delivery.attempt}
                    {delivery.trigger === 'resend'
                      ? ' (resent)'
                      : delivery.trigger === 'test'
                        ? ' (test)'
                        : ''}
                  </span>
                </p>
                <p className={isDelivered(delivery) ? 'text-emerald-800' : 'text-red-700'}>
                  {deliveryOutcome(delivery)}
                  {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
                </p>
              </div>
              {delivery.trigger === 'test' ? null : (
                <Button variant="outline" onClick={() => onResend(delivery.id)} disabled={isSending}>
                  <SendIcon aria-hidden="true" />
                  Resend
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function isDelivered(delivery: WebhookDeliveryDto): boolean {
  return delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
}

function deliveryOutcome(delivery: WebhookDeliveryDto): string {
  if (delivery.completedAt === null) return 'Sending…';
  if (delivery.statusCode !== null)
    return `${isDelivered(delivery) ? 'Delivered' : 'Failed'}: HTTP ${delivery.statusCode}`;
  return `Failed: ${delivery.error ?? 'no answer'}`;
}

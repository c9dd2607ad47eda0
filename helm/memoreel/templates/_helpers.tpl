{{/* Chart name, release-qualified names and labels (app.kubernetes.io/*). */}}
{{- define "memoreel.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "memoreel.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "memoreel.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of one component's objects: memoreel.component (dict "root" $ "component" "auth"). */}}
{{- define "memoreel.component" -}}
{{- printf "%s-%s" (include "memoreel.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "memoreel.selectorLabels" -}}
app.kubernetes.io/name: {{ include "memoreel.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "memoreel.labels" -}}
helm.sh/chart: {{ include "memoreel.chart" .root }}
{{ include "memoreel.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: memoreel
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end -}}

{{/* Labels of the whole release (objects that belong to no one component). */}}
{{- define "memoreel.commonLabels" -}}
helm.sh/chart: {{ include "memoreel.chart" . }}
app.kubernetes.io/name: {{ include "memoreel.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/part-of: memoreel
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "memoreel.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "memoreel.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The image of a deployable: each worker has its own, every service runs the service image. */}}
{{- define "memoreel.image" -}}
{{- $img := .root.Values.image.service -}}
{{- if eq .component "render-worker" }}{{ $img = .root.Values.image.renderWorker }}{{ end -}}
{{- if eq .component "photo-edit-worker" }}{{ $img = .root.Values.image.photoEditWorker }}{{ end -}}
{{- $tag := default .root.Chart.AppVersion .root.Values.image.tag -}}
{{- if .root.Values.image.registry -}}
{{- printf "%s/%s:%s" .root.Values.image.registry $img.repository $tag -}}
{{- else -}}
{{- printf "%s:%s" $img.repository $tag -}}
{{- end -}}
{{- end -}}

{{- define "memoreel.configName" -}}
{{- printf "%s-config" (include "memoreel.fullname" .) -}}
{{- end -}}

{{- define "memoreel.secretName" -}}
{{- .Values.secrets.existingSecret -}}
{{- end -}}

{{/* Env var name of a deployable's NATS password in nats-server's environment: NATS_PASSWORD_RENDER_WORKER. */}}
{{- define "memoreel.natsPasswordVariable" -}}
{{- printf "NATS_PASSWORD_%s" (. | upper | replace "-" "_") -}}
{{- end -}}

{{/* In-cluster endpoints (values-dev.yaml) or the external ones. */}}
{{- define "memoreel.natsUrl" -}}
{{- if .Values.nats.inCluster.enabled -}}
{{- printf "nats://%s:4222" (include "memoreel.component" (dict "root" . "component" "nats")) -}}
{{- else -}}
{{- .Values.nats.url -}}
{{- end -}}
{{- end -}}

{{- define "memoreel.natsMonitoring" -}}
{{- if .Values.nats.inCluster.enabled -}}
{{- printf "%s.%s.svc.cluster.local:8222" (include "memoreel.component" (dict "root" . "component" "nats")) .Release.Namespace -}}
{{- else -}}
{{- .Values.nats.monitoringEndpoint -}}
{{- end -}}
{{- end -}}

{{- define "memoreel.s3Endpoint" -}}
{{- if .Values.storage.inCluster.enabled -}}
{{- printf "http://%s:9000" (include "memoreel.component" (dict "root" . "component" "minio")) -}}
{{- else -}}
{{- .Values.storage.endpoint -}}
{{- end -}}
{{- end -}}

{{/*
The bucket group (storage.bucketGroups) of a deployable that uses S3 (dict "root" $ "component" name):
its pods get only that group's key pair, s3-<group>-access-key and s3-<group>-secret-key.
*/}}
{{- define "memoreel.bucketGroup" -}}
{{- $found := "" -}}
{{- range $group, $spec := .root.Values.storage.bucketGroups -}}
{{- if has $.component $spec.deployables -}}{{- $found = $group -}}{{- end -}}
{{- end -}}
{{- if not $found -}}
{{- fail (printf "deployables.%s.storage is true but no storage.bucketGroups entry lists %s" .component .component) -}}
{{- end -}}
{{- $found -}}
{{- end -}}

{{- define "memoreel.postgresHost" -}}
{{- if .Values.postgres.inCluster.enabled -}}
{{- include "memoreel.component" (dict "root" . "component" "postgres") -}}
{{- else -}}
{{- .Values.postgres.host -}}
{{- end -}}
{{- end -}}

{{/* JetStream names of the render work queue, as libs/platform's wireLayout and durableName make them. */}}
{{- define "memoreel.jobsStream" -}}
{{- printf "%s_JOBS" (upper .Values.config.busNamespace) -}}
{{- end -}}

{{/* The durable of a worker's job: (dict "component" "render-worker" "subject" "render.chunk.render") → render-worker--render_chunk_render. */}}
{{- define "memoreel.jobConsumer" -}}
{{- printf "%s--%s" .component (.subject | replace "." "_") -}}
{{- end -}}

{{/* A secret value as an env var; `optional` ones may be missing from the Secret. */}}
{{- define "memoreel.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "memoreel.secretName" .root }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/*
Environment of a deployable (dict "root" $ "component" name "d" values): the shared ConfigMap, the
Secret's keys it needs, then its own plain env.
*/}}
{{- define "memoreel.env" -}}
{{- $root := .root -}}
{{- $d := .d -}}
- name: PORT
  value: {{ $d.port | quote }}
{{- if $d.opsPort }}
- name: OPS_PORT
  value: {{ $d.opsPort | quote }}
{{- end }}
{{- if $d.database }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "DATABASE_URL" "key" (printf "database-url-%s" .component)) }}
{{- end }}
{{- if and $d.nats $root.Values.nats.auth.enabled }}
- name: NATS_USER
  value: {{ .component | quote }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "NATS_PASSWORD" "key" (printf "nats-password-%s" .component)) }}
{{- end }}
{{- if $d.storage }}
{{- $group := include "memoreel.bucketGroup" (dict "root" $root "component" .component) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "S3_ACCESS_KEY" "key" (printf "s3-%s-access-key" $group)) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "S3_SECRET_KEY" "key" (printf "s3-%s-secret-key" $group)) }}
{{- end }}
{{- if eq .component "auth" }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "SMTP_URL" "key" "smtp-url" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "ALTCHA_HMAC_KEY" "key" "altcha-hmac-key" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "OIDC_PROVIDERS" "key" "oidc-providers" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "GOOGLE_CLIENT_ID" "key" "google-client-id" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "GOOGLE_CLIENT_SECRET" "key" "google-client-secret" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "TURNSTILE_SITE_KEY" "key" "turnstile-site-key" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "TURNSTILE_SECRET_KEY" "key" "turnstile-secret-key" "optional" true) }}
{{- end }}
{{- if eq .component "billing" }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "STRIPE_SECRET_KEY" "key" "stripe-secret-key" "optional" true) }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "STRIPE_WEBHOOK_SECRET" "key" "stripe-webhook-secret" "optional" true) }}
{{- end }}
{{- if eq .component "render-worker" }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "REMOTION_LICENSE_KEY" "key" "remotion-license-key" "optional" true) }}
{{- end }}
{{ include "memoreel.secretEnv" (dict "root" $root "name" "SENTRY_DSN" "key" "sentry-dsn" "optional" true) }}
{{- range $name, $value := $d.env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* Ports every pod talks to: DNS. */}}
{{- define "memoreel.dnsEgress" -}}
- to:
    - namespaceSelector: {}
      podSelector:
        matchLabels:
          k8s-app: kube-dns
  ports:
    - { port: 53, protocol: UDP }
    - { port: 53, protocol: TCP }
{{- end -}}

{{/* Egress to NATS, Postgres or the storage: the in-cluster StatefulSet's pods or the configured peers. */}}
{{- define "memoreel.egressTo" -}}
{{- $values := index .root.Values .target -}}
{{- $component := get (dict "nats" "nats" "postgres" "postgres" "storage" "minio") .target -}}
- to:
    {{- if $values.inCluster.enabled }}
    - podSelector:
        matchLabels:
          {{- include "memoreel.selectorLabels" (dict "root" .root "component" $component) | nindent 10 }}
    {{- else }}
    {{- toYaml $values.networkPeers | nindent 4 }}
    {{- end }}
  ports:
    - { port: {{ .port }}, protocol: TCP }
{{- end -}}

{{/* Labels of the in-cluster dependencies (values-dev.yaml): not part-of memoreel, so the default-deny policy leaves them be. */}}
{{- define "memoreel.infraLabels" -}}
helm.sh/chart: {{ include "memoreel.chart" .root }}
{{ include "memoreel.selectorLabels" . }}
app.kubernetes.io/part-of: memoreel-dependencies
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end -}}

{{/* A dependency's container securityContext: non-root, nothing escalates (its root filesystem stays writable). */}}
{{- define "memoreel.infraSecurity" -}}
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
{{- end -}}

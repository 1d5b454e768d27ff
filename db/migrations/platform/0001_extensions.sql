-- Extensions every domain may rely on. Each domain keeps its tables in its own schema.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS citext;

-- The demo agents' cover images moved from SVG to WebP (scripts/generate-agent-images.mjs says why).
-- Databases seeded before then still point at the SVG files, which are gone.
UPDATE agents
SET image_url = substr(image_url, 1, length(image_url) - 4) || '.webp'
WHERE image_url LIKE '/agents/%.svg';

-- One testimonial per customer (the next migration holds it so): keep each customer's newest.
DELETE FROM "reviews" AS older
USING "reviews" AS newer
WHERE older."user_id" = newer."user_id" AND older."seq" < newer."seq";

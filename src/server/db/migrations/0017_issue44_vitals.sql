CREATE TABLE "vitals_days" (
	"day" date PRIMARY KEY NOT NULL,
	"beacons" integer NOT NULL,
	CONSTRAINT "vitals_days_beacons" CHECK ("vitals_days"."beacons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vitals_histograms" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vitals_histograms_day_route_metric_bucket_pk" PRIMARY KEY("day","route","metric","bucket"),
	CONSTRAINT "vitals_histograms_metric" CHECK (metric in ('LCP', 'INP', 'CLS', 'TTFB'))
);
--> statement-breakpoint
CREATE TABLE "vitals_page_views" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vitals_page_views_day_route_pk" PRIMARY KEY("day","route")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "vitals_sample_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_vitals_sample_percent" CHECK ("shop_settings"."vitals_sample_percent" between 0 and 100);
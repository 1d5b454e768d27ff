// The digests' period arithmetic over the real zone database: every interval, DST in both directions,
// Moscow's changing history, month ends and a leap day, quiet hours.
#include "artel/notifications/digest_period.hpp"

#include <gtest/gtest.h>

namespace artel::notifications {
namespace {

using namespace std::chrono;

TimePoint At(int y, unsigned m, unsigned d, int h, int min = 0) {
  return TimePoint(sys_days(year(y) / month(m) / day(d)) + hours(h) + minutes(min));
}

TimeZone Zone(std::string_view name) {
  auto zone = TimeZone::Load(name);
  if (!zone) throw std::runtime_error("no zone " + std::string(name));
  return *zone;
}

TEST(TimeZoneTest, ReadsTheOffsetsOfMoscowsHistory) {
  const auto moscow = Zone("Europe/Moscow");
  EXPECT_EQ(moscow.OffsetAt(At(2010, 1, 15, 12)), hours(3)) << "winter time";
  EXPECT_EQ(moscow.OffsetAt(At(2010, 7, 1, 12)), hours(4)) << "summer time, still switched";
  EXPECT_EQ(moscow.OffsetAt(At(2012, 1, 15, 12)), hours(4)) << "2011-2014: permanent +4";
  EXPECT_EQ(moscow.OffsetAt(At(2015, 1, 15, 12)), hours(3)) << "since October 2014: +3 all year";
  EXPECT_EQ(moscow.OffsetAt(At(2026, 7, 1, 12)), hours(3));
  const auto berlin = Zone("Europe/Berlin");
  EXPECT_EQ(berlin.OffsetAt(At(2026, 3, 29, 0, 59)), hours(1));
  EXPECT_EQ(berlin.OffsetAt(At(2026, 3, 29, 1, 0)), hours(2)) << "spring forward at 01:00 UTC";
  EXPECT_EQ(berlin.OffsetAt(At(2026, 10, 25, 1, 0)), hours(1)) << "fall back at 01:00 UTC";
}

TEST(TimeZoneTest, TheCacheReadsAZoneOnceAndTakesAnUnknownNameForUtc) {
  TimeZones zones;
  const TimeZone& moscow = zones.Get("Europe/Moscow");
  EXPECT_EQ(&zones.Get("Europe/Moscow"), &moscow) << "the second ask is the first zone";
  EXPECT_EQ(moscow.OffsetAt(At(2026, 1, 15, 12, 0)), hours(3));
  EXPECT_EQ(zones.Get("Nowhere/City").OffsetAt(At(2026, 1, 15, 12, 0)), hours(0));
  EXPECT_EQ(zones.Get("../../etc/passwd").OffsetAt(At(2026, 7, 1, 12, 0)), hours(0));
}

TEST(TimeZoneTest, RefusesNamesThatAreNotZones) {
  EXPECT_FALSE(TimeZone::Load("../../etc/passwd"));
  EXPECT_FALSE(TimeZone::Load("/etc/passwd"));
  EXPECT_FALSE(TimeZone::Load("Nowhere/City"));
  EXPECT_FALSE(TimeZone::Load(""));
  EXPECT_TRUE(TimeZone::Load("UTC"));
}

TEST(TimeZoneTest, LocalTimesInAGapOrAnOverlap) {
  const auto york = Zone("America/New_York");
  const auto local = [](int y, unsigned m, unsigned d, int h, int min) {
    return sys_seconds(sys_days(year(y) / month(m) / day(d)) + hours(h) + minutes(min));
  };
  EXPECT_EQ(york.ToUtc(local(2026, 3, 8, 9, 0)), At(2026, 3, 8, 13)) << "EDT, after the change";
  EXPECT_EQ(york.ToUtc(local(2026, 3, 8, 2, 30)), At(2026, 3, 8, 7)) << "in the gap: the transition";
  EXPECT_EQ(york.ToUtc(local(2026, 11, 1, 1, 30)), At(2026, 11, 1, 5, 30)) << "overlap: the earlier";
  EXPECT_EQ(york.ToUtc(local(2026, 11, 1, 9, 0)), At(2026, 11, 1, 14)) << "EST, after the change";
}

TEST(DuePeriodTest, NeverAndImmediatelyHaveNoDigest) {
  const TimeZone utc;
  EXPECT_FALSE(DuePeriod(Interval::kNever, At(2026, 11, 28, 12), utc, std::nullopt));
  EXPECT_FALSE(DuePeriod(Interval::kImmediately, At(2026, 11, 28, 12), utc, std::nullopt));
}

TEST(DuePeriodTest, HourlyIsTheLocalHour) {
  EXPECT_EQ(DuePeriod(Interval::kHourly, At(2026, 11, 28, 13, 45), Zone("Europe/Moscow"), std::nullopt),
            At(2026, 11, 28, 13));
  EXPECT_EQ(DuePeriod(Interval::kHourly, At(2026, 11, 28, 13, 45), Zone("Asia/Kolkata"), std::nullopt),
            At(2026, 11, 28, 13, 30))
      << "+05:30: on the local hour";
  // New York falls back: 01:00-02:00 EDT and 01:00-02:00 EST are two periods.
  const auto york = Zone("America/New_York");
  EXPECT_EQ(DuePeriod(Interval::kHourly, At(2026, 11, 1, 5, 20), york, std::nullopt), At(2026, 11, 1, 5));
  EXPECT_EQ(DuePeriod(Interval::kHourly, At(2026, 11, 1, 6, 20), york, std::nullopt), At(2026, 11, 1, 6));
}

TEST(DuePeriodTest, DailyIsNineInTheMorningAcrossDaylightSaving) {
  const auto berlin = Zone("Europe/Berlin");
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 3, 28, 8, 30), berlin, std::nullopt), At(2026, 3, 28, 8))
      << "09:00 CET";
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 3, 29, 7, 30), berlin, std::nullopt), At(2026, 3, 29, 7))
      << "09:00 CEST on the day of the change";
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 3, 29, 6, 30), berlin, std::nullopt), At(2026, 3, 28, 8))
      << "before the morning: yesterday's period";
  const auto moscow = Zone("Europe/Moscow");
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2010, 3, 28, 6), moscow, std::nullopt), At(2010, 3, 28, 5))
      << "Moscow still changed its clocks in 2010";
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 3, 29, 6), moscow, std::nullopt), At(2026, 3, 29, 6))
      << "and no longer does";
  const auto york = Zone("America/New_York");
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 11, 1, 14, 5), york, std::nullopt), At(2026, 11, 1, 14));
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 11, 1, 13, 5), york, std::nullopt), At(2026, 10, 31, 13))
      << "08:05 EST is before the morning: yesterday's 09:00 EDT";
}

TEST(DuePeriodTest, WeeklyIsMondayMorning) {
  const auto moscow = Zone("Europe/Moscow");
  // 2026-11-28 is a Saturday; that week's Monday is the 23rd.
  EXPECT_EQ(DuePeriod(Interval::kWeekly, At(2026, 11, 28, 12), moscow, std::nullopt), At(2026, 11, 23, 6));
  EXPECT_EQ(DuePeriod(Interval::kWeekly, At(2026, 11, 30, 5, 59), moscow, std::nullopt), At(2026, 11, 23, 6))
      << "Monday 08:59: still last week's";
  EXPECT_EQ(DuePeriod(Interval::kWeekly, At(2026, 11, 30, 6), moscow, std::nullopt), At(2026, 11, 30, 6));
  EXPECT_EQ(DuePeriod(Interval::kWeekly, At(2026, 11, 30, 0, 30), Zone("Asia/Tokyo"), std::nullopt),
            At(2026, 11, 30, 0))
      << "09:30 on Monday in Tokyo";
  EXPECT_EQ(DuePeriod(Interval::kWeekly, At(2026, 11, 30, 0, 30), moscow, std::nullopt), At(2026, 11, 23, 6))
      << "the same instant is 03:30 in Moscow: last week's";
}

TEST(DuePeriodTest, MonthlyIsTheFirstAcrossMonthAndYearEndsAndALeapDay) {
  const auto moscow = Zone("Europe/Moscow");
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2027, 1, 31, 12), moscow, std::nullopt), At(2027, 1, 1, 6));
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2027, 1, 1, 5), moscow, std::nullopt), At(2026, 12, 1, 6))
      << "New Year's 08:00: December's";
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2028, 2, 29, 12), moscow, std::nullopt), At(2028, 2, 1, 6));
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2028, 3, 1, 5), moscow, std::nullopt), At(2028, 2, 1, 6));
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2028, 3, 1, 5), moscow, std::nullopt), At(2028, 2, 29, 6))
      << "the leap day's morning";
  const auto berlin = Zone("Europe/Berlin");
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2026, 4, 1, 7), berlin, std::nullopt), At(2026, 4, 1, 7))
      << "April: CEST";
  EXPECT_EQ(DuePeriod(Interval::kMonthly, At(2026, 4, 1, 6, 59), berlin, std::nullopt), At(2026, 3, 1, 8))
      << "March's first was CET";
}

TEST(DuePeriodTest, NothingDuringQuietHours) {
  const auto moscow = Zone("Europe/Moscow");
  const QuietMinutes night{23 * 60, 10 * 60};  // 23:00-10:00 spans midnight and the morning
  EXPECT_FALSE(DuePeriod(Interval::kDaily, At(2026, 11, 28, 6, 30), moscow, night)) << "09:30 local";
  EXPECT_EQ(DuePeriod(Interval::kDaily, At(2026, 11, 28, 7), moscow, night), At(2026, 11, 28, 6))
      << "10:00: the morning's digest, late";
  EXPECT_FALSE(DuePeriod(Interval::kHourly, At(2026, 11, 28, 20, 30), moscow, night)) << "23:30 local";
  EXPECT_TRUE(InQuietHours(12 * 60, {12 * 60, 13 * 60}));
  EXPECT_FALSE(InQuietHours(13 * 60, {12 * 60, 13 * 60}));
  EXPECT_FALSE(InQuietHours(0, {0, 0}));
}

}  // namespace
}  // namespace artel::notifications

#include "artel/messenger/caution.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace artel::messenger {
namespace {

using Kinds = std::vector<std::string>;

TEST(CautionTest, PlainTextHasNone) {
  EXPECT_EQ(Cautions("Hello! I can start on Wednesday, the budget is 15000 rubles."), Kinds{});
  EXPECT_EQ(Cautions("Здравствуйте! Сделаю за 3 дня, правки до 2026-12-01."), Kinds{});
  EXPECT_EQ(Cautions("Order #1234567, 25 pages, 2 revisions"), Kinds{});
  EXPECT_EQ(Cautions("Пишите здесь, в чате: отвечу быстро."), Kinds{});
  EXPECT_EQ(Cautions(""), Kinds{});
}

TEST(CautionTest, PhonesInRussianFormats) {
  for (const char* text : {"+7 (912) 345-67-89", "8 912 345 67 89", "звоните 89123456789", "+79123456789",
                           "тел. 8-912-345-67-89", "my number is +1 415 555 0134"}) {
    EXPECT_EQ(Cautions(text), Kinds{"phone"}) << text;
  }
}

TEST(CautionTest, DatesAndTimesAreNotPhones) {
  EXPECT_EQ(Cautions("The call is on 2026-11-24 10:30, ok?"), Kinds{});
  EXPECT_EQ(Cautions("Созвон 24.11.2026 10:30"), Kinds{});
}

TEST(CautionTest, ShortNumbersAreNotPhones) {
  EXPECT_EQ(Cautions("budget 150 000, deadline 12.12"), Kinds{});
  EXPECT_EQ(Cautions("345-67-89"), Kinds{});
}

TEST(CautionTest, EmailsPlainAndSpelledOut) {
  for (const char* text : {"write to ivan.petrov@gmail.com", "IVAN@MAIL.RU", "ivan at gmail dot com",
                           "ivan (at) yandex (dot) ru", "ivan [at] mail [dot] ru",
                           "ivan собака mail точка ru", "пишите ivan собака gmail.com"}) {
    EXPECT_EQ(Cautions(text), Kinds{"email"}) << text;
  }
}

TEST(CautionTest, CardNumbersPassLuhn) {
  EXPECT_EQ(Cautions("карта 4276 3800 1234 5679"), Kinds{"card"});  // Luhn-valid
  EXPECT_EQ(Cautions("4111-1111-1111-1111"), Kinds{"card"});
  EXPECT_EQ(Cautions("5500000000000004"), Kinds{"card"});
  // 16 digits failing Luhn are not a card (nor a phone: too long).
  EXPECT_EQ(Cautions("4111 1111 1111 1112"), Kinds{});
}

TEST(CautionTest, MessengerHandles) {
  for (const char* text : {"мой телеграм ivan_dev", "Telegram: ivan", "t.me/ivan_dev", "напишите в tg",
                           "find me @ivan_design", "WhatsApp please", "пишите в ватсап", "в вацап", "viber",
                           "скайп ivan.p", "Discord ivan#1234", "дискорд"}) {
    EXPECT_EQ(Cautions(text), Kinds{"messenger"}) << text;
  }
}

TEST(CautionTest, OffPlatformPaymentWords) {
  for (const char* text : {"Давайте оплата напрямую", "Переведу на карту", "без комиссии сайта",
                           "Можно в обход сайта", "Let's pay directly", "we can work outside the platform",
                           "I'd prefer to be paid via PayPal", "Bank transfer is fine"}) {
    EXPECT_EQ(Cautions(text), Kinds{"off_platform"}) << text;
  }
}

TEST(CautionTest, SeveralKindsInTheirOrder) {
  EXPECT_EQ(Cautions("Давайте напрямую, без комиссии сайта: +7 912 345-67-89, ivan@mail.ru, телеграм @ivan"),
            (Kinds{"phone", "email", "messenger", "off_platform"}));
  EXPECT_EQ(Cautions("Pay directly to 4111 1111 1111 1111, questions to ivan at gmail dot com"),
            (Kinds{"email", "card", "off_platform"}));
}

TEST(CautionTest, UpperCaseCyrillicIsFolded) {
  EXPECT_EQ(Cautions("ПЕРЕВЕДУ НА КАРТУ"), Kinds{"off_platform"});
  EXPECT_EQ(Cautions("ТЕЛЕГРАМ"), Kinds{"messenger"});
}

}  // namespace
}  // namespace artel::messenger

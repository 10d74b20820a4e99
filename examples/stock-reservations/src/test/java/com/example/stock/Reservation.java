package com.example.stock;

/** Reserve {@code quantity} units of {@code sku}, once, whatever the number of deliveries of {@code id}. */
record Reservation(String id, String sku, long quantity) {
}
